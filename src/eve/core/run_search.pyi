from eve.core.run import Run

def search_run(run: Run, iterations: int = ..., seed: int = ..., c: float = ..., horizon: int = ...,
               honest: bool = ...) -> tuple[int, list[tuple[int, int, float]]]: ...
