"""The C library, loaded with ctypes (doc/python.md, "Binding").

Only the small ABI of boxtoi/batch.h is used: byte strings, integers,
arrays of doubles, and three records whose layout is part of the
library's public ABI and that ctypes can mirror without a header:
boxtoi_strbuf (char *, size_t, size_t), boxtoi_errinfo (int, char[256])
and boxtoi_io_options, which is never looked into (its size comes from
boxtoi_io_options_size and its fields are set by name).  ctypes releases
the GIL around every foreign call, so threads run the C code in
parallel.
"""

import ctypes
import os
import threading

__all__ = ["get", "lib", "Options", "StrBuf", "ErrInfo", "LibraryNotFound"]


class LibraryNotFound(ImportError):
    """libboxtoi could not be loaded (see doc/python.md, "Install")."""


def _candidates():
    env = os.environ.get("BOXTOI_LIBRARY")
    if env:
        yield env
        return
    try:
        from . import _config
        yield os.path.join(_config.LIBDIR, _config.SONAME)
    except ImportError:
        pass
    yield "libboxtoi.so.0"
    import ctypes.util
    found = ctypes.util.find_library("boxtoi")
    if found:
        yield found


def _load():
    errors = []
    for name in _candidates():
        try:
            return ctypes.CDLL(name)
        except OSError as e:
            errors.append(str(e))
    raise LibraryNotFound("cannot load libboxtoi (set BOXTOI_LIBRARY to "
                          "its path): " + "; ".join(errors))


class StrBuf(ctypes.Structure):
    """boxtoi_strbuf: a growable text buffer owned by the caller."""
    _fields_ = [("str", ctypes.c_void_p), ("len", ctypes.c_size_t),
                ("alloc", ctypes.c_size_t)]

    def __init__(self):
        super().__init__()
        get().boxtoi_strbuf_init(ctypes.byref(self))

    def __del__(self):
        if _loaded is not None:
            _loaded.boxtoi_strbuf_clear(ctypes.byref(self))

    def take(self):
        """The contents as bytes; the buffer is emptied."""
        data = ctypes.string_at(self.str, self.len) if self.len else b""
        get().boxtoi_strbuf_reset(ctypes.byref(self))
        return data


class ErrInfo(ctypes.Structure):
    """boxtoi_errinfo: a code and a message."""
    _fields_ = [("code", ctypes.c_int), ("msg", ctypes.c_char * 256)]


_P = ctypes.c_void_p
_dbl = ctypes.POINTER(ctypes.c_double)
_sig = {
    "boxtoi_strbuf_init": (None, [_P]),
    "boxtoi_strbuf_clear": (None, [_P]),
    "boxtoi_strbuf_reset": (None, [_P]),
    "boxtoi_errname": (ctypes.c_char_p, [ctypes.c_int]),
    "boxtoi_io_options_size": (ctypes.c_size_t, []),
    "boxtoi_io_options_init": (None, [_P]),
    "boxtoi_io_options_set": (ctypes.c_int, [_P, ctypes.c_char_p,
                                             ctypes.c_long, _P]),
    "boxtoi_io_process_lines": (ctypes.c_int, [
        _P, _P, ctypes.c_char_p, _P, ctypes.c_size_t, ctypes.c_long,
        ctypes.c_int, _P]),
    "boxtoi_batch_rigid": (ctypes.c_int, [
        _P, _P, _P, _P, _P, ctypes.c_size_t, _P, _P, _P, _P,
        _P, ctypes.c_long, _P, ctypes.c_long,
        _P, ctypes.c_long, _P, ctypes.c_long,
        ctypes.c_char_p, ctypes.c_char_p, _P, _P]),
}
_loaded = None
_lock = threading.Lock()


def get():
    """The library, loaded on first use (so that `import boxtoi` and
    its modules that need no library, such as boxtoi.plot, work without
    one), with the signatures of the functions the package calls."""
    global _loaded
    with _lock:
        if _loaded is None:
            lib = _load()
            for name, (res, args) in _sig.items():
                f = getattr(lib, name)
                f.restype = res
                f.argtypes = args
            _loaded = lib
    return _loaded


def __getattr__(name):
    if name == "lib":  # _lib.lib: the loaded library
        return get()
    raise AttributeError("module %r has no attribute %r" % (__name__, name))

SKIP_BLANK = 1  # BOXTOI_LINES_SKIP_BLANK


class Options:
    """A boxtoi_io_options record, filled with the library's defaults and
    changed by name (digits, max_digits, max_exponent, max_degree,
    max_bits: the command's long options; scene_threads: the threads of
    a scene line's exact solves, the command's -j N)."""

    __slots__ = ("buf",)

    def __init__(self, **kw):
        lib = get()
        self.buf = ctypes.create_string_buffer(lib.boxtoi_io_options_size())
        lib.boxtoi_io_options_init(self.buf)
        for key, value in kw.items():
            self.set(key, value)

    def set(self, key, value):
        err = ErrInfo()
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError("option %s must be an int" % key)
        rc = get().boxtoi_io_options_set(self.buf,
                                       key.replace("_", "-").encode(),
                                       value, ctypes.byref(err))
        if rc != 0:
            raise ValueError(err.msg.decode(errors="replace"))


def process_lines(lines, lineno=1, flags=0, options=None):
    """Solves the byte strings in lines (a list) through
    boxtoi_io_process_lines; returns the list of result lines (bytes,
    without their newlines).  Runs without the GIL."""
    n = len(lines)
    ends = (ctypes.c_size_t * max(n, 1))()
    pos = 0
    for i, line in enumerate(lines):
        pos += len(line)
        ends[i] = pos
    text = b"".join(lines)
    sb = StrBuf()
    done = ctypes.c_size_t(0)
    opts = options.buf if options is not None else None  # NULL: defaults
    rc = get().boxtoi_io_process_lines(ctypes.byref(sb), ctypes.byref(done),
                                     text, ends, n, lineno, flags, opts)
    if rc != 0:
        raise MemoryError("libboxtoi: out of memory")
    out = sb.take()
    return out.split(b"\n")[:-1] if out else []
