"""Reading a response body with a cap on *decompressed* bytes and bounded memory.

Compression bombs are the reason: 1 MB of gzip can inflate to 1 GB. Each decoder below hands back
at most `PIECE` bytes per step, however much the input would inflate to, and the reader stops (and
closes the connection) as soon as the running total passes the cap. Memory is therefore one input
chunk plus one output piece plus what was kept, whatever the compression ratio.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterable, Iterator
from typing import Protocol

import brotli

from boards.fetch.errors import FetchError

CHUNK = 64 * 1024  # bytes read from the socket per step
PIECE = 64 * 1024  # most bytes a decoder returns per step

_TEXT_APPLICATION = frozenset(
    {
        "json",
        "ld+json",
        "xml",
        "xhtml+xml",
        "rss+xml",
        "atom+xml",
    }
)


def media_type(content_type: str) -> str:
    return content_type.split(";", 1)[0].strip().lower()


def is_textual(content_type: str) -> bool:
    """HTML, XML, JSON, plain text, RSS/Atom, `*+json`, `*+xml`; a missing type counts as text."""
    kind = media_type(content_type)
    if not kind:
        return True
    if kind.startswith("text/"):
        return True
    if not kind.startswith("application/"):
        return False
    sub = kind.removeprefix("application/")
    return sub in _TEXT_APPLICATION or sub.endswith(("+json", "+xml"))


class Decoder(Protocol):
    def feed(self, data: bytes) -> Iterator[bytes]: ...

    def finish(self) -> None: ...


class _Identity:
    def feed(self, data: bytes) -> Iterator[bytes]:
        if data:
            yield data

    def finish(self) -> None:
        return None


class _Zlib:
    """gzip (several members allowed, RFC 1952 §2.2), zlib-wrapped deflate, or raw deflate."""

    def __init__(self, kind: str) -> None:
        self._kind = kind
        self._decompressor: zlib._Decompress | None = None
        self._head = b""
        self._done = False

    def _start(self, data: bytes) -> bytes:
        if self._kind == "gzip":
            wbits = 16 + zlib.MAX_WBITS
        else:
            # RFC 9110 §8.4.1.2 says "deflate" is the zlib format; some servers send raw deflate.
            zlib_header = (data[0] & 0x0F) == 8 and ((data[0] << 8) | data[1]) % 31 == 0
            wbits = zlib.MAX_WBITS if zlib_header else -zlib.MAX_WBITS
        self._decompressor = zlib.decompressobj(wbits)
        return data

    def feed(self, data: bytes) -> Iterator[bytes]:
        if self._decompressor is None:
            self._head += data
            if len(self._head) < 2:
                return
            data, self._head = self._start(self._head), b""
        pending = data
        while pending and not self._done:
            assert self._decompressor is not None
            out = self._decompressor.decompress(pending, PIECE)
            if out:
                yield out
            pending = self._decompressor.unconsumed_tail
            # Output may be waiting inside zlib even when all input was taken: drain it.
            while len(out) == PIECE and not pending and not self._decompressor.eof:
                out = self._decompressor.decompress(b"", PIECE)
                if out:
                    yield out
            if self._decompressor.eof:
                rest = self._decompressor.unused_data
                if self._kind == "gzip" and rest[:2] == b"\x1f\x8b":
                    self._decompressor = zlib.decompressobj(16 + zlib.MAX_WBITS)
                    pending = rest
                else:
                    self._done = True  # trailing bytes after the stream are ignored

    def finish(self) -> None:
        if self._head or (self._decompressor is not None and not self._decompressor.eof):
            raise FetchError("NETWORK_ERROR", f"failed reading body: {self._kind} stream ended early")


class _Brotli:
    def __init__(self) -> None:
        self._decompressor = brotli.Decompressor()

    def feed(self, data: bytes) -> Iterator[bytes]:
        out = self._decompressor.process(data, output_buffer_limit=PIECE)
        if out:
            yield out
        while not self._decompressor.can_accept_more_data():
            out = self._decompressor.process(b"", output_buffer_limit=PIECE)
            if out:
                yield out

    def finish(self) -> None:
        if not self._decompressor.is_finished():
            raise FetchError("NETWORK_ERROR", "failed reading body: br stream ended early")


def decoders_for(content_encoding: str) -> list[Decoder]:
    """Decoders in the order to apply them (the reverse of the order the encodings were applied)."""
    decoders: list[Decoder] = []
    for token in reversed([t.strip().lower() for t in content_encoding.split(",") if t.strip()]):
        if token in {"gzip", "x-gzip"}:
            decoders.append(_Zlib("gzip"))
        elif token == "deflate":
            decoders.append(_Zlib("deflate"))
        elif token == "br":
            decoders.append(_Brotli())
        elif token == "identity":
            decoders.append(_Identity())
        else:
            raise FetchError("UNSUPPORTED_CONTENT_TYPE", f"unsupported content-encoding {token}")
    return decoders or [_Identity()]


def _chain(decoders: list[Decoder], data: bytes) -> Iterator[bytes]:
    if not decoders:
        yield data
        return
    first, rest = decoders[0], decoders[1:]
    for piece in first.feed(data):
        yield from _chain(rest, piece)


def _drain(decoders: list[Decoder]) -> None:
    for decoder in decoders:
        decoder.finish()


def too_large(cap: int) -> FetchError:
    return FetchError("BODY_TOO_LARGE", f"response body exceeds {cap} bytes")


def read_capped(
    chunks: Iterable[bytes],
    *,
    content_encoding: str,
    cap: int,
    truncate: bool = False,
    check: Callable[[], object] | None = None,
) -> bytes:
    """Decode `chunks` and return at most `cap` bytes; past the cap raise BODY_TOO_LARGE, or with
    `truncate` keep the first `cap` bytes. `check` runs before every chunk (the deadline). Data
    the decoders cannot read is NETWORK_ERROR, as a stream that ends early is: zlib's and brotli's
    own errors escaped the fetch, and a board serving corrupt gzip failed as a bug of ours
    (CHECK_FAILED) rather than as the transient fault of its server."""
    decoders = decoders_for(content_encoding)
    parts: list[bytes] = []
    total = 0
    try:
        for chunk in chunks:
            if check is not None:
                check()
            for piece in _chain(decoders, chunk):
                total += len(piece)
                if total > cap:
                    if not truncate:
                        raise too_large(cap)
                    parts.append(piece[: len(piece) - (total - cap)])
                    return b"".join(parts)
                parts.append(piece)
    except (zlib.error, brotli.error) as exc:
        raise FetchError("NETWORK_ERROR", f"failed reading body: corrupt {content_encoding} data ({exc})") from exc
    _drain(decoders)
    return b"".join(parts)
