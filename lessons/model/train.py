#!/usr/bin/env python3
"""Trains the tiny transformer shipped with the course (run by hand, not in CI).

    python3 -m venv /tmp/jaxenv && /tmp/jaxenv/bin/pip install jax numpy
    /tmp/jaxenv/bin/python lessons/model/train.py

Reads the lessons listed in lessons/course.toml (fenced blocks removed), trains a
2-layer Pre-LN decoder-only character model with JAX on the CPU (fixed seeds), prints
the final train and held-out loss, and writes

    lessons/model/weights.safetensors        float32 weights, vocabulary in the metadata
    lessons/model/heldout.txt                the held-out text (never trained on)
    lessons/model/bigrams.txt                bigram counts of the training text, "i j count"
    tests/fixtures/model_reference.safetensors  logits of REFERENCE_PROMPT (parity test)

and the sha256 of the weight file. The forward pass here is the one the Rust evaluator
reimplements (src/model/forward.rs): keep the two in step.
"""

import hashlib
import json
import os
import re
import struct
import time
import tomllib

import jax
import jax.numpy as jnp
import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LESSONS = os.path.join(ROOT, "lessons")
WEIGHTS = os.path.join(LESSONS, "model", "weights.safetensors")
HELDOUT = os.path.join(LESSONS, "model", "heldout.txt")
BIGRAMS = os.path.join(LESSONS, "model", "bigrams.txt")
REFERENCE = os.path.join(ROOT, "tests", "fixtures", "model_reference.safetensors")

# Architecture (see README.md for the reasons).
N_LAYER, N_HEAD, D_MODEL, D_HEAD, D_FF, N_CTX = 2, 4, 64, 16, 256, 64
LN_EPS = 1e-5
# Training.
SEED, STEPS, BATCH, LR, WARMUP, DROPOUT, HELD_OUT = 0, 1500, 32, 3e-3, 200, 0.1, 0.05
REFERENCE_PROMPT = "The query and the key of the query and the key set the weights."
assert len(REFERENCE_PROMPT) <= N_CTX


def corpus():
    """The lessons in course order, fenced blocks (problems, claims, figures) removed."""
    with open(os.path.join(LESSONS, "course.toml"), "rb") as f:
        manifest = tomllib.load(f)
    texts = []
    for lesson in manifest["lesson"]:
        with open(os.path.join(LESSONS, lesson["file"]), encoding="utf-8") as f:
            text = f.read()
        texts.append(re.sub(r"^```.*?^```[^\n]*\n", "", text, flags=re.S | re.M))
    return "\n".join(texts)


def init_params(key, vocab):
    """Linear maps N(0, 1/fan_in) (so a unit-variance input gives unit-variance outputs,
    the assumption of lesson 2), embeddings N(0, 0.02^2), LayerNorm gain 1 and bias 0."""
    keys = iter(jax.random.split(key, 64))

    def normal(shape, std):
        return std * jax.random.normal(next(keys), shape, jnp.float32)

    p = {
        "tok_emb": normal((vocab, D_MODEL), 0.02),
        "pos_emb": normal((N_CTX, D_MODEL), 0.02),
        "ln_f.g": jnp.ones(D_MODEL),
        "ln_f.b": jnp.zeros(D_MODEL),
    }
    for l in range(N_LAYER):
        p |= {
            f"l{l}.ln1.g": jnp.ones(D_MODEL),
            f"l{l}.ln1.b": jnp.zeros(D_MODEL),
            f"l{l}.attn.W_Q": normal((D_MODEL, D_MODEL), D_MODEL**-0.5),
            f"l{l}.attn.W_K": normal((D_MODEL, D_MODEL), D_MODEL**-0.5),
            f"l{l}.attn.W_V": normal((D_MODEL, D_MODEL), D_MODEL**-0.5),
            f"l{l}.attn.W_O": normal((D_MODEL, D_MODEL), D_MODEL**-0.5),
            f"l{l}.ln2.g": jnp.ones(D_MODEL),
            f"l{l}.ln2.b": jnp.zeros(D_MODEL),
            f"l{l}.ffn.W1": normal((D_MODEL, D_FF), D_MODEL**-0.5),
            f"l{l}.ffn.b1": jnp.zeros(D_FF),
            f"l{l}.ffn.W2": normal((D_FF, D_MODEL), D_FF**-0.5),
            f"l{l}.ffn.b2": jnp.zeros(D_MODEL),
        }
    return p


def layernorm(x, g, b):
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) / jnp.sqrt(var + LN_EPS) * g + b


def dropout(x, key, train):
    if not train:
        return x
    keep = jax.random.bernoulli(key, 1 - DROPOUT, x.shape)
    return jnp.where(keep, x / (1 - DROPOUT), 0)


def forward(p, ids, key=None, train=False):
    """Logits (n x vocab) of one sequence of token ids (n <= N_CTX)."""
    n = ids.shape[0]
    keys = jax.random.split(key, 2 * N_LAYER) if train else [None] * (2 * N_LAYER)
    x = p["tok_emb"][ids] + p["pos_emb"][:n]
    mask = jnp.tril(jnp.ones((n, n), bool))
    for l in range(N_LAYER):
        h = layernorm(x, p[f"l{l}.ln1.g"], p[f"l{l}.ln1.b"])
        q = (h @ p[f"l{l}.attn.W_Q"]).reshape(n, N_HEAD, D_HEAD).transpose(1, 0, 2)
        k = (h @ p[f"l{l}.attn.W_K"]).reshape(n, N_HEAD, D_HEAD).transpose(1, 0, 2)
        v = (h @ p[f"l{l}.attn.W_V"]).reshape(n, N_HEAD, D_HEAD).transpose(1, 0, 2)
        scores = q @ k.transpose(0, 2, 1) / jnp.sqrt(D_HEAD)
        weights = jax.nn.softmax(jnp.where(mask, scores, -jnp.inf), axis=-1)
        z = (weights @ v).transpose(1, 0, 2).reshape(n, D_MODEL)
        x = x + dropout(z @ p[f"l{l}.attn.W_O"], keys[2 * l], train)
        h = layernorm(x, p[f"l{l}.ln2.g"], p[f"l{l}.ln2.b"])
        a = jax.nn.gelu(h @ p[f"l{l}.ffn.W1"] + p[f"l{l}.ffn.b1"], approximate=False)
        x = x + dropout(a @ p[f"l{l}.ffn.W2"] + p[f"l{l}.ffn.b2"], keys[2 * l + 1], train)
    return layernorm(x, p["ln_f.g"], p["ln_f.b"]) @ p["tok_emb"].T


def loss(p, batch, key=None, train=False):
    """Mean next-character cross-entropy in nats of a batch of N_CTX + 1 windows."""
    keys = jax.random.split(key, batch.shape[0]) if train else None

    def one(seq, k):
        logits = forward(p, seq[:-1], k, train)
        logp = jax.nn.log_softmax(logits, -1)
        return -jnp.take_along_axis(logp, seq[1:, None], -1).mean()

    if train:
        return jax.vmap(one)(batch, keys).mean()
    return jax.vmap(lambda s: one(s, None))(batch).mean()


def windows(data, starts):
    return np.stack([data[s : s + N_CTX + 1] for s in starts])


def mean_loss(p, data, loss_fn):
    """Loss over every non-overlapping window of `data` (a fixed, complete pass)."""
    starts = np.arange(0, len(data) - N_CTX - 1, N_CTX)
    return float(np.mean([loss_fn(p, windows(data, starts[i : i + 256])) for i in range(0, len(starts), 256)]))


def save_safetensors(path, tensors, metadata):
    """The safetensors layout by hand (8-byte header length, JSON header, raw data)."""
    header, blobs, offset = {"__metadata__": metadata}, [], 0
    for name, array in tensors.items():
        data = np.ascontiguousarray(array, dtype="<f4").tobytes()
        header[name] = {"dtype": "F32", "shape": list(array.shape), "data_offsets": [offset, offset + len(data)]}
        blobs.append(data)
        offset += len(data)
    text = json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + b"".join(blobs))


def main():
    text = corpus()
    vocab = sorted(set(text))
    index = {c: i for i, c in enumerate(vocab)}
    data = np.array([index[c] for c in text], np.int32)
    split = int(len(data) * (1 - HELD_OUT))
    train, held = data[:split], data[split:]
    with open(HELDOUT, "w", encoding="utf-8") as f:
        f.write(text[split:])
    counts = np.zeros((len(vocab), len(vocab)), np.int64)
    np.add.at(counts, (train[:-1], train[1:]), 1)
    with open(BIGRAMS, "w") as f:
        f.writelines(f"{i} {j} {counts[i, j]}\n" for i, j in zip(*np.nonzero(counts)))
    print(f"corpus {len(text)} characters, vocabulary {len(vocab)}, train {len(train)}, held out {len(held)}")

    key = jax.random.PRNGKey(SEED)
    key, init_key = jax.random.split(key)
    p = init_params(init_key, len(vocab))
    n_params = sum(int(np.prod(v.shape)) for v in p.values())
    print(f"parameters {n_params}")
    m = jax.tree.map(jnp.zeros_like, p)
    v = jax.tree.map(jnp.zeros_like, p)
    grad = jax.jit(jax.value_and_grad(lambda p, b, k: loss(p, b, k, True)))
    eval_loss = jax.jit(loss)

    @jax.jit
    def adam(p, m, v, g, step):
        lr = LR * jnp.minimum(1.0, step / WARMUP) * (0.1 + 0.9 * 0.5 * (1 + jnp.cos(jnp.pi * step / STEPS)))
        m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, m, g)
        v = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g * g, v, g)
        c1, c2 = 1 - 0.9**step, 1 - 0.999**step
        p = jax.tree.map(lambda p, m, v: p - lr * (m / c1) / (jnp.sqrt(v / c2) + 1e-8), p, m, v)
        return p, m, v

    rng = np.random.default_rng(SEED)
    t0 = time.time()
    for step in range(1, STEPS + 1):
        batch = windows(train, rng.integers(0, len(train) - N_CTX - 1, BATCH))
        key, sub = jax.random.split(key)
        value, g = grad(p, batch, sub)
        p, m, v = adam(p, m, v, g, step)
        if step % 500 == 0:
            print(f"step {step:5d}  batch loss {float(value):.4f}  held-out {mean_loss(p, held, eval_loss):.4f}  {time.time() - t0:.0f} s", flush=True)
    seconds = time.time() - t0
    train_loss, held_loss = mean_loss(p, train, eval_loss), mean_loss(p, held, eval_loss)
    print(f"final train loss {train_loss:.4f} nats/char, held-out loss {held_loss:.4f} nats/char, {seconds:.0f} s")

    config = {"n_layer": N_LAYER, "n_head": N_HEAD, "d_model": D_MODEL, "d_head": D_HEAD, "d_ff": D_FF, "n_ctx": N_CTX}
    metadata = {"vocab": "".join(vocab), "ln_eps": str(LN_EPS)} | {k: str(x) for k, x in config.items()}
    save_safetensors(WEIGHTS, {k: np.asarray(x) for k, x in p.items()}, metadata)
    ids = jnp.array([index[c] for c in REFERENCE_PROMPT], jnp.int32)
    logits = np.asarray(forward(p, ids))
    save_safetensors(REFERENCE, {"ids": np.asarray(ids, np.float32), "logits": logits}, {"prompt": REFERENCE_PROMPT})
    with open(WEIGHTS, "rb") as f:
        blob = f.read()
    print(f"wrote {WEIGHTS}: {len(blob)} bytes, sha256 {hashlib.sha256(blob).hexdigest()}")
    print(f"wrote {REFERENCE}")


if __name__ == "__main__":
    main()
