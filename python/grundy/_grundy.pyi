# Type stubs of the native module (python/src/lib.rs). Use the names
# `grundy` exports (grundy/__init__.py); this module is their engine.
from typing import List, Optional, Tuple

def version() -> str: ...
def json_version() -> int: ...

class Session:
    def __init__(
        self,
        replace: bool,
        max_positions: Optional[int] = None,
        max_memory: Optional[int] = None,
        max_steps: Optional[int] = None,
    ) -> None: ...
    def run(
        self, text: str, name: str = "<python>"
    ) -> List[Tuple[bool, str, str, Optional[str]]]: ...
    def interrupt(self) -> None: ...
