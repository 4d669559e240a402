"""The engine's version: the one place it is written.

setuptools reads it from this file for the distribution's metadata (pyproject.toml's
`[tool.setuptools.dynamic]`) without importing eve, so this module holds the literal only.
"""
__version__ = "0.1.0"
