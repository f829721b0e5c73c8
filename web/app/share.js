// Share links: a game's record travels in the URL fragment (never sent to any server), so
// opening the link replays the game to the same position and play continues from there.
//
//   <game>.html#record=<data>[&seats=human,medium]
//
// <data> is "t" + base64url(UTF-8 text) for short records and "z" + base64url(deflate-raw)
// when that is shorter. Decoding checks everything it can; the record itself is then checked
// by the engine like any loaded record (a tampered move is refused naming its line).

const COMPRESS_ABOVE = 160; // bytes: shorter records stay readable-ish and need no stream
const MAX_LINK_DATA = 200_000; // characters of <data> we agree to decode
const MAX_RECORD_BYTES = 1_000_000;

export class ShareError extends Error {
    constructor(code) {
        super(code);
        this.code = code; // a translation key under "share.error."
    }
}

function toBase64Url(bytes) {
    let binary = "";
    for (let index = 0; index < bytes.length; index += 0x8000) {
        binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
    }
    return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
    if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new ShareError("encoding");
    const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

async function pipe(bytes, transform) {
    const stream = new Blob([bytes]).stream().pipeThrough(transform);
    const reader = stream.getReader();
    const chunks = [];
    let size = 0;
    for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.length;
        if (size > MAX_RECORD_BYTES) {
            await reader.cancel();
            throw new ShareError("too-long");
        }
        chunks.push(value);
    }
    const out = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
        out.set(chunk, offset);
        offset += chunk.length;
    }
    return out;
}

export async function encodeRecord(text) {
    const bytes = new TextEncoder().encode(text);
    if (bytes.length > COMPRESS_ABOVE && typeof CompressionStream === "function") {
        const packed = await pipe(bytes, new CompressionStream("deflate-raw"));
        if (packed.length < bytes.length) return `z${toBase64Url(packed)}`;
    }
    return `t${toBase64Url(bytes)}`;
}

export async function decodeRecord(data) {
    if (typeof data !== "string" || data.length < 2) throw new ShareError("encoding");
    if (data.length > MAX_LINK_DATA) throw new ShareError("too-long");
    const kind = data[0];
    if (kind !== "t" && kind !== "z") throw new ShareError("encoding");
    let bytes = fromBase64Url(data.slice(1));
    if (kind === "z") {
        try {
            bytes = await pipe(bytes, new DecompressionStream("deflate-raw"));
        } catch (error) {
            if (error instanceof ShareError) throw error;
            throw new ShareError("compression");
        }
    }
    try {
        return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
        throw new ShareError("encoding");
    }
}

// The link to `page` (a URL) carrying `record` and, when a computer plays, the seats.
export async function shareLink(page, record, seats) {
    const url = new URL(page);
    const params = new URLSearchParams();
    params.set("record", await encodeRecord(record));
    if (Array.isArray(seats) && seats.some((seat) => seat !== "human")) params.set("seats", seats.join(","));
    url.search = "";
    url.hash = params.toString();
    return url.href;
}

// What a page's fragment asks for: null (nothing shared), or {data, seats} to decode.
export function readFragment(hash) {
    const params = new URLSearchParams(hash.replace(/^#/, ""));
    if (!params.has("record")) return null;
    const seats = params.get("seats");
    return {
        data: params.get("record"),
        seats: seats ? seats.split(",").filter(Boolean).slice(0, 8) : null,
    };
}
