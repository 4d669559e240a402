"""`python -m tests.corpus`: rewrite docs/corpus.md from the corpus's data."""
from . import DESIGNS
from .table import DOC, render

DOC.write_text(render(DESIGNS))
print(f"wrote {DOC}")
