#!/usr/bin/env python3
"""Writes small BERT model folders in the Hugging Face layout (config.json, vocab.txt,
model.safetensors) and reference outputs computed by an independent NumPy implementation
(tokenizer and forward pass written from the Hugging Face BertTokenizer / BertModel code).

    make_tiny_bert.py OUT_DIR               tiny models + OUT_DIR/reference.json
    make_tiny_bert.py --bge-shapes OUT_DIR  OUT_DIR/bge-shapes: random weights, bge-small-zh shapes

Tiny weights are multiples of 1/256 with at most 7 significant bits, so the F32, F16 and BF16
files hold exactly the same numbers and one reference serves all three. Python 3 + NumPy only.
"""
import json
import math
import os
import struct
import sys
import unicodedata

import numpy as np

QUERY_INSTRUCTION = "为这个句子生成表示以用于检索相关文章："
SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
TINY = dict(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=64,
            max_position_embeddings=64)
BGE = dict(hidden_size=512, num_hidden_layers=4, num_attention_heads=8, intermediate_size=2048,
           max_position_embeddings=512)
MAX_TOKENS = 512  # the encoder's default window, capped by max_position_embeddings

TEXTS = [
    "母线失压时应立即处理。",
    "110kV母线失压",
    "Hello, world! 变电站（设备）运行。",
    "Café unknownword qqq ÉTAT",
    "",
    "母线失压时应立即处理变电站" * 12,
    "\t测试\x00设备\u200b运行  A-B_c\r\n调度",
    "a" * 101,
]


# ---------------------------------------------------------------- tokenizer (HF BasicTokenizer)
def is_whitespace(c):
    return c in " \t\n\r" or unicodedata.category(c) == "Zs"


def is_control(c):
    return c not in "\t\n\r" and unicodedata.category(c).startswith("C")


def is_punctuation(c):
    cp = ord(c)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(c).startswith("P")


def is_chinese(cp):
    return (0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF
            or 0x2A700 <= cp <= 0x2B73F or 0x2B740 <= cp <= 0x2B81F or 0x2B820 <= cp <= 0x2CEAF
            or 0xF900 <= cp <= 0xFAFF or 0x2F800 <= cp <= 0x2FA1F)


def basic_tokenize(text):
    out = []
    for c in text:
        if ord(c) == 0 or ord(c) == 0xFFFD or is_control(c):
            continue
        out.append(" " if is_whitespace(c) else c)
    text = "".join(f" {c} " if is_chinese(ord(c)) else c for c in out)
    tokens = []
    for tok in text.split():
        tok = unicodedata.normalize("NFD", tok.lower())
        tok = "".join(c for c in tok if unicodedata.category(c) != "Mn")
        cur = ""
        for c in tok:
            if is_punctuation(c):
                if cur:
                    tokens.append(cur)
                tokens.append(c)
                cur = ""
            else:
                cur += c
        if cur:
            tokens.append(cur)
    return " ".join(tokens).split()


def wordpiece(word, vocab):
    if len(word) > 100:
        return ["[UNK]"]
    pieces, start = [], 0
    while start < len(word):
        end = len(word)
        while end > start:
            cand = ("##" if start > 0 else "") + word[start:end]
            if cand in vocab:
                break
            end -= 1
        if end == start:
            return ["[UNK]"]
        pieces.append(cand)
        start = end
    return pieces


def encode(text, vocab):
    return [vocab[p] for w in basic_tokenize(text) for p in wordpiece(w, vocab)]


def windows(text, vocab, max_positions):
    ids = encode(text, vocab)
    body = min(MAX_TOKENS, max_positions) - 2
    starts = range(0, len(ids), body) if ids else [0]
    return [[vocab["[CLS]"]] + ids[s:s + body] + [vocab["[SEP]"]] for s in starts]


# ---------------------------------------------------------------- forward pass (float64)
def layer_norm(x, g, b, eps=1e-12):
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * g + b


ERF = np.vectorize(math.erf)


def cls_state(w, cfg, ids):
    n, h, heads = len(ids), cfg["hidden_size"], cfg["num_attention_heads"]
    d = h // heads
    x = (w["embeddings.word_embeddings.weight"][ids]
         + w["embeddings.position_embeddings.weight"][:n]
         + w["embeddings.token_type_embeddings.weight"][0])
    x = layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
    for i in range(cfg["num_hidden_layers"]):
        p = f"encoder.layer.{i}."

        def lin(name, t):
            return t @ w[p + name + ".weight"].T + w[p + name + ".bias"]

        def split(t):
            return t.reshape(n, heads, d).transpose(1, 0, 2)

        q = split(lin("attention.self.query", x))
        k = split(lin("attention.self.key", x))
        v = split(lin("attention.self.value", x))
        s = q @ k.transpose(0, 2, 1) / math.sqrt(d)
        s = np.exp(s - s.max(-1, keepdims=True))
        s /= s.sum(-1, keepdims=True)
        ctx = (s @ v).transpose(1, 0, 2).reshape(n, h)
        x = layer_norm(lin("attention.output.dense", ctx) + x,
                       w[p + "attention.output.LayerNorm.weight"],
                       w[p + "attention.output.LayerNorm.bias"])
        inter = lin("intermediate.dense", x)
        inter = 0.5 * inter * (1.0 + ERF(inter / math.sqrt(2.0)))
        x = layer_norm(lin("output.dense", inter) + x, w[p + "output.LayerNorm.weight"],
                       w[p + "output.LayerNorm.bias"])
    return x[0]


def cls_states_padded(w, cfg, seqs):
    """The batched form: every sequence padded to the longest, padded keys masked out. The C++
    encoder packs instead of padding; this checks the two agree with cls_state one by one."""
    b, n, h, heads = len(seqs), max(map(len, seqs)), cfg["hidden_size"], cfg["num_attention_heads"]
    d = h // heads
    ids = np.zeros((b, n), int)
    mask = np.zeros((b, n))
    for i, s in enumerate(seqs):
        ids[i, :len(s)] = s
        mask[i, :len(s)] = 1
    x = (w["embeddings.word_embeddings.weight"][ids]
         + w["embeddings.position_embeddings.weight"][:n][None]
         + w["embeddings.token_type_embeddings.weight"][0])
    x = layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
    bias = (1.0 - mask)[:, None, None, :] * -1e30  # [b, 1, 1, keys]
    for i in range(cfg["num_hidden_layers"]):
        p = f"encoder.layer.{i}."

        def lin(name, t):
            return t @ w[p + name + ".weight"].T + w[p + name + ".bias"]

        def split(t):
            return t.reshape(b, n, heads, d).transpose(0, 2, 1, 3)

        q, k, v = (split(lin("attention.self." + m, x)) for m in ("query", "key", "value"))
        s = q @ k.transpose(0, 1, 3, 2) / math.sqrt(d) + bias
        s = np.exp(s - s.max(-1, keepdims=True))
        s /= s.sum(-1, keepdims=True)
        ctx = (s @ v).transpose(0, 2, 1, 3).reshape(b, n, h)
        x = layer_norm(lin("attention.output.dense", ctx) + x,
                       w[p + "attention.output.LayerNorm.weight"],
                       w[p + "attention.output.LayerNorm.bias"])
        inter = lin("intermediate.dense", x)
        inter = 0.5 * inter * (1.0 + ERF(inter / math.sqrt(2.0)))
        x = layer_norm(lin("output.dense", inter) + x, w[p + "output.LayerNorm.weight"],
                       w[p + "output.LayerNorm.bias"])
    return x[:, 0]


def embed(text, w, cfg, vocab):
    acc = np.zeros(cfg["hidden_size"])
    wins = windows(text, vocab, cfg["max_position_embeddings"])
    for ids in wins:
        v = cls_state(w, cfg, ids)
        acc += v / np.linalg.norm(v)
    return wins, acc / np.linalg.norm(acc)


# ---------------------------------------------------------------- files
def shapes(cfg, vocab_size):
    h, f = cfg["hidden_size"], cfg["intermediate_size"]
    out = {
        "embeddings.word_embeddings.weight": (vocab_size, h),
        "embeddings.position_embeddings.weight": (cfg["max_position_embeddings"], h),
        "embeddings.token_type_embeddings.weight": (2, h),
        "embeddings.LayerNorm.weight": (h,),
        "embeddings.LayerNorm.bias": (h,),
    }
    for i in range(cfg["num_hidden_layers"]):
        p = f"encoder.layer.{i}."
        for name, o, n in [("attention.self.query", h, h), ("attention.self.key", h, h),
                           ("attention.self.value", h, h), ("attention.output.dense", h, h),
                           ("intermediate.dense", f, h), ("output.dense", h, f)]:
            out[p + name + ".weight"] = (o, n)
            out[p + name + ".bias"] = (o,)
        for name in ["attention.output.LayerNorm", "output.LayerNorm"]:
            out[p + name + ".weight"] = (h,)
            out[p + name + ".bias"] = (h,)
    return out


def grid_weights(cfg, vocab_size, rng):
    w = {}
    for name, shape in shapes(cfg, vocab_size).items():
        if "LayerNorm.weight" in name:
            w[name] = 1.0 + rng.integers(-16, 17, shape) / 128.0
        elif "LayerNorm" in name:
            w[name] = rng.integers(-16, 17, shape) / 256.0
        else:
            w[name] = rng.integers(-64, 65, shape) / 256.0
    return w


def encode_tensor(a, dtype):
    if dtype == "F32":
        return a.astype("<f4").tobytes()
    if dtype == "F16":
        return a.astype("<f2").tobytes()
    if dtype == "F64":
        return a.astype("<f8").tobytes()
    if dtype == "BF16":  # exact: the tiny weights have at most 7 significant bits
        return (a.astype("<f4").view("<u4") >> 16).astype("<u2").tobytes()
    raise ValueError(dtype)


def write_safetensors(path, tensors, dtype, prefix="", dtypes=None, shape_of=None, pad=True):
    header, blobs, offset = {"__metadata__": {"format": "pt"}}, [], 0
    for name, a in tensors.items():
        dt = (dtypes or {}).get(name, dtype)
        blob = encode_tensor(np.asarray(a), dt)
        shape = list((shape_of or {}).get(name, np.shape(a)))
        header[prefix + name] = {"dtype": dt, "shape": shape,
                                 "data_offsets": [offset, offset + len(blob)]}
        blobs.append(blob)
        offset += len(blob)
    text = json.dumps(header).encode()
    if pad:
        text += b" " * (-len(text) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + b"".join(blobs))


def write_folder(folder, cfg, vocab_list, tensors, dtype, **kw):
    os.makedirs(folder, exist_ok=True)
    config = dict(cfg, architectures=["BertModel"], model_type="bert", hidden_act="gelu",
                  layer_norm_eps=1e-12, type_vocab_size=2, vocab_size=len(vocab_list),
                  position_embedding_type="absolute", torch_dtype="float32")
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(config, f, indent=2)
    with open(os.path.join(folder, "vocab.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(vocab_list) + "\n")
    write_safetensors(os.path.join(folder, "model.safetensors"), tensors, dtype, **kw)


def tiny_vocab():
    ascii_pieces = ["hello", "world", "kv", "ca", "##fe", "un", "##known", "et", "##at", "the",
                    "##s", "##kv", "a", "b", "c", "##a", "##b", "##c"]
    chinese = ("母线失压时应立即处理变电站设备运行检修调度电网安全规程测试"
               + QUERY_INSTRUCTION[:-1] + "，。：；（）、")
    vocab = list(SPECIALS)
    for tok in ([chr(c) for c in range(33, 127) if not chr(c).isalnum()]
                + [str(d) for d in range(10)] + ["110", "##0"] + ascii_pieces + list(chinese)):
        if tok not in vocab:
            vocab.append(tok)
    return vocab


def make_tiny(out):
    rng = np.random.default_rng(20261122)
    vocab_list = tiny_vocab()
    vocab = {t: i for i, t in enumerate(vocab_list)}
    w = grid_weights(TINY, len(vocab_list), rng)
    write_folder(os.path.join(out, "tiny-bert"), TINY, vocab_list, w, "F32")
    write_folder(os.path.join(out, "tiny-bert-f16"), TINY, vocab_list, w, "F16", pad=False)
    with_head = dict(w, **{"cls.predictions.bias": np.zeros(len(vocab_list))})
    write_folder(os.path.join(out, "tiny-bert-bf16"), TINY, vocab_list, with_head, "BF16",
                 prefix="bert.")
    # Broken on purpose: a tensor whose shape disagrees with config.json, and a dtype we refuse.
    pos = "embeddings.position_embeddings.weight"
    short = dict(w, **{pos: w[pos][:-1]})
    write_folder(os.path.join(out, "tiny-bert-wrong-shape"), TINY, vocab_list, short, "F32")
    write_folder(os.path.join(out, "tiny-bert-f64"), TINY, vocab_list, w, "F32",
                 dtypes={"embeddings.LayerNorm.bias": "F64"})
    cases = []
    for text in TEXTS:
        for kind in ["document", "query"]:
            full = QUERY_INSTRUCTION + text if kind == "query" else text
            wins, vec = embed(full, w, TINY, vocab)
            cases.append({"text": text, "kind": kind, "basic_tokens": basic_tokenize(full),
                          "windows": wins, "vector": [float(x) for x in vec]})
    seqs = [win for c in cases for win in c["windows"]]
    one_by_one = np.array([cls_state(w, TINY, s) for s in seqs])
    padded = cls_states_padded(w, TINY, seqs)
    assert np.abs(one_by_one - padded).max() < 1e-9, "padded batch differs from one by one"
    with open(os.path.join(out, "reference.json"), "w", encoding="utf-8") as f:
        json.dump({"hidden_size": TINY["hidden_size"], "cases": cases}, f, ensure_ascii=False)


def make_bge_shapes(out):
    rng = np.random.default_rng(7)
    vocab_list = list(SPECIALS) + [chr(c) for c in range(33, 127)]
    vocab_list += [chr(c) for c in range(0x4E00, 0x4E00 + 21128 - len(vocab_list))]
    w = {}
    for name, shape in shapes(BGE, len(vocab_list)).items():
        if "LayerNorm.weight" in name:
            w[name] = np.ones(shape, np.float32)
        else:
            w[name] = rng.standard_normal(shape, np.float32) * np.float32(0.02)
    write_folder(os.path.join(out, "bge-shapes"), BGE, vocab_list, w, "F32")


def main(argv):
    if len(argv) == 2:
        make_tiny(argv[1])
    elif len(argv) == 3 and argv[1] == "--bge-shapes":
        make_bge_shapes(argv[2])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
