"""COM for the Windows outputs: JAWS and SAPI are COM objects, and COM works per thread.

A COM object can only be created in a thread that has called CoInitialize(Ex), and an apartment-
threaded one (JAWS's FreedomSci.JawsApi, SAPI's SpVoice) must then be called from that same thread;
otherwise creating it fails with "CoInitialize has not been called" and calling it from elsewhere with
RPC_E_WRONG_THREAD. pywin32 and comtypes initialise only the thread that first imports them, so an
output built in a worker thread, as every output here is (it must never hold up the game), fails.
So each worker that owns a COM output initialises COM itself (:func:`co_initialize`, passed to
:class:`speech.backends.worker.QueueWorker` as ``com``), creates the object, and makes every call to
it, then uninitialises when it ends. Elsewhere than Windows this is nothing at all.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

__all__ = ["COINIT_APARTMENTTHREADED", "ComInit", "co_initialize"]

#: An initialiser: called in the thread that will own COM objects; returns what undoes it.
ComInit = Callable[[], Callable[[], None]]

COINIT_APARTMENTTHREADED = 0x2
#: The thread had COM initialised already, in the other threading model: usable, nothing to undo.
RPC_E_CHANGED_MODE = -2147417850


def _nothing() -> None:
    pass


def co_initialize() -> Callable[[], None]:
    """Initialise COM (single-threaded apartment) in the calling thread; returns CoUninitialize."""
    if sys.platform != "win32":
        return _nothing
    import ctypes

    ole32 = ctypes.WinDLL("ole32")  # type: ignore[attr-defined,unused-ignore]
    result = int(ole32.CoInitializeEx(None, COINIT_APARTMENTTHREADED))
    if result == RPC_E_CHANGED_MODE:
        return _nothing
    if result < 0:
        raise OSError(f"CoInitializeEx failed (HRESULT {result & 0xFFFFFFFF:#010x})")
    uninitialize: Callable[[], None] = ole32.CoUninitialize
    return uninitialize
