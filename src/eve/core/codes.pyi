TGT: dict[str, int]
