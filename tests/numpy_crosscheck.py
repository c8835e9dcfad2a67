#!/usr/bin/env python3
"""Cross-checks the evaluator against NumPy on many random inputs.

Usage: numpy_crosscheck.py PATH/TO/attn-course [--cases N] [--seed S]

For every function and operator of the language, random inputs are written into an
expression, evaluated by `attn-course eval EXPR --json`, and compared, shape and values,
with the same computation done in NumPy (with the papers' formulas where NumPy has no
such function). Exit status 0 when everything agrees, 1 with one line per disagreement,
77 when NumPy is not installed (the caller reports the skip).
"""

import json
import math
import subprocess
import sys

try:
    import numpy as np
except ImportError:
    print("numpy is not installed")
    sys.exit(77)

RTOL = 1e-9
ATOL = 1e-12


def lit(x):
    """A value written in the evaluator's literal syntax, with full precision."""
    x = np.asarray(x, dtype=float)
    if x.ndim == 0:
        v = float(x)
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    return "[" + ", ".join(lit(row) for row in x) + "]"


def softmax(x, t=1.0):
    x = np.asarray(x, dtype=float) / t
    z = np.exp(x - np.max(x, axis=-1, keepdims=True))
    return z / np.sum(z, axis=-1, keepdims=True)


def attention_weights(q, k, m=None):
    q, k = np.atleast_2d(q), np.atleast_2d(k)
    s = q @ k.T / np.sqrt(k.shape[1])
    if m is not None:
        s = s + m
    return softmax(s)


def attention(q, k, v, m=None):
    out = attention_weights(q, k, m) @ np.atleast_2d(v)
    return out[0] if np.ndim(q) == 1 else out


def multihead(x, wq, wk, wv, wo, h):
    q, k, v = x @ wq, x @ wk, x @ wv
    dk, dv = q.shape[1] // h, v.shape[1] // h
    heads = [
        attention(q[:, r * dk:(r + 1) * dk], k[:, r * dk:(r + 1) * dk], v[:, r * dv:(r + 1) * dv])
        for r in range(h)
    ]
    return np.concatenate(heads, axis=1) @ wo


def layernorm(x, eps=1e-5):
    mu = x.mean(axis=-1, keepdims=True)
    return (x - mu) / np.sqrt(x.var(axis=-1, keepdims=True) + eps)


def batchnorm(x, eps=1e-5):
    return (x - x.mean(axis=0)) / np.sqrt(x.var(axis=0) + eps)


def rmsnorm(x, eps=1e-5):
    return x / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + eps)


def sinusoidal_pe(n, d):
    pe = np.zeros((n, d))
    for t in range(n):
        for j in range(d):
            angle = t / 10000 ** (2 * (j // 2) / d)
            pe[t, j] = math.sin(angle) if j % 2 == 0 else math.cos(angle)
    return pe


def rope(x, base=10000.0):
    x = np.array(x, dtype=float)
    n, d = x.shape
    out = x.copy()
    for t in range(n):
        for i in range(d // 2):
            a = t * base ** (-2 * i / d)
            c, s = math.cos(a), math.sin(a)
            out[t, 2 * i] = x[t, 2 * i] * c - x[t, 2 * i + 1] * s
            out[t, 2 * i + 1] = x[t, 2 * i] * s + x[t, 2 * i + 1] * c
    return out


erf = np.vectorize(math.erf)


def gelu(x):
    return x * 0.5 * (1 + erf(x / math.sqrt(2)))


def gelu_tanh(x):
    return 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))


def causal_mask(n):
    return np.triu(np.full((n, n), -np.inf), 1)


def cases(rng):
    """Yields (name, expression, NumPy value) for one round of random inputs."""
    def mat(r, c, scale=3.0):
        return rng.uniform(-scale, scale, size=(r, c))

    def vec(n, scale=3.0):
        return rng.uniform(-scale, scale, size=n)

    n, d = int(rng.integers(1, 5)), int(rng.integers(1, 5))
    A, B, v, w = mat(n, d), mat(n, d), vec(d), vec(d)
    x = vec(d) if rng.random() < 0.5 else mat(n, d)
    pos = np.abs(x) + 0.1

    for name, f in [("sqrt", np.sqrt), ("exp", np.exp), ("log", np.log), ("abs", np.abs),
                    ("sin", np.sin), ("cos", np.cos), ("tanh", np.tanh),
                    ("sigmoid", lambda a: 1 / (1 + np.exp(-a))),
                    ("relu", lambda a: np.maximum(0, a)), ("gelu", gelu), ("gelu_tanh", gelu_tanh),
                    ("erf", erf), ("erfc", np.vectorize(math.erfc))]:
        arg = pos if name in ("sqrt", "log") else x
        yield name, f"{name}({lit(arg)})", f(arg)

    for name, f in [("sum", np.sum), ("mean", np.mean), ("var", np.var), ("std", np.std),
                    ("max", np.max), ("min", np.min), ("argmax", np.argmax)]:
        yield name, f"{name}({lit(A)})", f(A)
        yield name, f"{name}({lit(v)})", f(v)
        for axis in (0, 1, -1):
            yield name, f"{name}({lit(A)}, {axis})", f(A, axis=axis)
    yield "norm", f"norm({lit(A)})", np.linalg.norm(A)
    yield "norm", f"norm({lit(v)})", np.linalg.norm(v)
    yield "norm", f"norm({lit(A)}, 1)", np.linalg.norm(A, axis=1)
    yield "norm", f"norm({lit(A)}, 0)", np.linalg.norm(A, axis=0)

    yield "dot", f"dot({lit(v)}, {lit(w)})", np.dot(v, w)
    yield "outer", f"outer({lit(v)}, {lit(w)})", np.outer(v, w)
    yield "transpose", f"transpose({lit(A)})", A.T
    yield "transpose", f"{lit(A)}.T", A.T
    yield "shape", f"shape({lit(A)})", np.array(A.shape, dtype=float)
    yield "rows", f"rows({lit(A)})", A.shape[0]
    yield "cols", f"cols({lit(A)})", A.shape[1]
    yield "eye", f"eye({n})", np.eye(n)
    yield "eye", f"eye({n}, {d})", np.eye(n, d)
    yield "zeros", f"zeros({n}, {d})", np.zeros((n, d))
    yield "zeros", f"zeros({d})", np.zeros(d)
    yield "ones", f"ones({n}, {d})", np.ones((n, d))
    yield "range", f"range({n + d})", np.arange(n + d, dtype=float)
    start, step = float(rng.integers(-3, 3)), float(rng.choice([0.5, 1.0, 2.0, -0.5]))
    stop = start + step * float(rng.integers(1, 6)) - step / 3
    yield "range", f"range({lit(start)}, {lit(stop)}, {lit(step)})", np.arange(start, stop, step)
    lo, hi, k = float(rng.uniform(-5, 5)), float(rng.uniform(-5, 5)), int(rng.integers(1, 12))
    yield "linspace", f"linspace({lit(lo)}, {lit(hi)}, {k})", np.linspace(lo, hi, k)
    yield "concat", f"concat({lit(A)}, {lit(B)}, 0)", np.concatenate((A, B), axis=0)
    yield "concat", f"concat({lit(A)}, {lit(B)}, 1)", np.concatenate((A, B), axis=1)
    yield "concat", f"concat({lit(v)}, {lit(w)}, 0)", np.concatenate((v, w))
    yield "reshape", f"reshape({lit(A)}, {d}, {n})", A.reshape(d, n)
    yield "reshape", f"reshape({lit(A)}, -1)", A.reshape(-1)
    yield "maximum", f"maximum({lit(A)}, {lit(v)})", np.maximum(A, v)
    yield "minimum", f"minimum({lit(A)}, {lit(B)})", np.minimum(A, B)

    S = mat(d, d) + d * np.eye(d)  # diagonally dominant: well conditioned
    yield "inv", f"inv({lit(S)})", np.linalg.inv(S)
    yield "det", f"det({lit(S)})", np.linalg.det(S)
    G = mat(d, d)
    yield "det", f"det({lit(G)})", np.linalg.det(G)

    big = mat(n, d, 30.0)
    yield "softmax", f"softmax({lit(big)})", softmax(big)
    yield "softmax", f"softmax({lit(v)})", softmax(v)
    yield "softmax", f"softmax({lit(big)}, 2.5)", softmax(big, 2.5)
    yield "softmax", f"softmax({lit(v * 1000)})", softmax(v * 1000)
    yield "causal_mask", f"causal_mask({n})", causal_mask(n)

    m, dk, dv = int(rng.integers(1, 5)), int(rng.integers(1, 4)), int(rng.integers(1, 4))
    Q, K, V = mat(n, dk), mat(m, dk), mat(m, dv)
    M = np.where(rng.random((n, m)) < 0.3, -np.inf, 0.0)
    M[:, 0] = 0.0  # every query keeps at least one key
    yield "attention", f"attention({lit(Q)}, {lit(K)}, {lit(V)})", attention(Q, K, V)
    yield "attention", f"attention({lit(Q)}, {lit(K)}, {lit(V)}, {lit(M)})", attention(Q, K, V, M)
    yield "attention", f"attention({lit(Q[0])}, {lit(K)}, {lit(V)})", attention(Q[0], K, V)
    yield "attention_weights", f"attention_weights({lit(Q)}, {lit(K)})", attention_weights(Q, K)
    yield "attention_weights", f"attention_weights({lit(Q)}, {lit(K)}, {lit(M)})", attention_weights(Q, K, M)
    X = mat(m, dk)
    yield "attention", f"attention({lit(X)}, {lit(X)}, {lit(X)}, causal_mask({m}))", attention(X, X, X, causal_mask(m))

    h = int(rng.integers(1, 4))
    dm = int(rng.integers(1, 5))
    X, WQ, WK = mat(n, dm), mat(dm, h * dk), mat(dm, h * dk)
    WV, WO = mat(dm, h * dv), mat(h * dv, dm)
    expr = f"multihead({lit(X)}, {lit(WQ)}, {lit(WK)}, {lit(WV)}, {lit(WO)}, {h})"
    yield "multihead", expr, multihead(X, WQ, WK, WV, WO, h)

    rows = mat(n, d + 1, 5.0)
    eps = float(rng.choice([1e-5, 1e-3, 0.1]))
    yield "layernorm", f"layernorm({lit(rows)})", layernorm(rows)
    yield "layernorm", f"layernorm({lit(rows)}, {lit(eps)})", layernorm(rows, eps)
    yield "batchnorm", f"batchnorm({lit(rows)})", batchnorm(rows)
    yield "batchnorm", f"batchnorm({lit(rows)}, {lit(eps)})", batchnorm(rows, eps)
    yield "rmsnorm", f"rmsnorm({lit(rows)})", rmsnorm(rows)
    yield "rmsnorm", f"rmsnorm({lit(rows)}, {lit(eps)})", rmsnorm(rows, eps)
    yield "layernorm", f"layernorm({lit(v)})", layernorm(v)

    pn, pd = int(rng.integers(1, 12)), int(rng.integers(1, 9))
    yield "sinusoidal_pe", f"sinusoidal_pe({pn}, {pd})", sinusoidal_pe(pn, pd)
    R = mat(pn, pd)
    yield "rope", f"rope({lit(R)})", rope(R)
    yield "rope", f"rope({lit(R)}, 100)", rope(R, 100.0)

    dff = int(rng.integers(1, 6))
    W1, b1, W2, b2 = mat(dm, dff), vec(dff), mat(dff, dm), vec(dm)
    expr = f"ffn({lit(X)}, {lit(W1)}, {lit(b1)}, {lit(W2)}, {lit(b2)})"
    yield "ffn", expr, np.maximum(0, X @ W1 + b1) @ W2 + b2

    col = mat(n, 1)
    for op, f in [("+", np.add), ("-", np.subtract), ("*", np.multiply), ("/", np.divide)]:
        yield op, f"{lit(A)} {op} {lit(B)}", f(A, B)
        yield op, f"{lit(A)} {op} {lit(v)}", f(A, v)
        yield op, f"{lit(col)} {op} {lit(v)}", f(col, v)
        yield op, f"2.5 {op} {lit(A)}", f(2.5, A)
    yield "^", f"{lit(pos)} ^ {lit(v)}", np.power(pos, v)
    yield "^", f"-{lit(v)} ^ 2", -(v ** 2)
    C = mat(d, m)
    yield "@", f"{lit(A)} @ {lit(C)}", A @ C
    yield "@", f"{lit(v)} @ {lit(C)}", v @ C
    i, j = int(rng.integers(0, n)), int(rng.integers(0, d))
    yield "index", f"{lit(A)}[{i}]", A[i]
    yield "index", f"{lit(A)}[{i}, {j}]", A[i, j]
    yield "index", f"{lit(A)}[{i - n}, {j - d}]", A[i - n, j - d]
    yield "index", f"{lit(v)}[{j}]", v[j]


def agrees(got, want):
    want = np.asarray(want, dtype=float)
    if list(got["shape"]) != list(want.shape):
        return f"shape {got['shape']} but NumPy has {list(want.shape)}"
    data = np.asarray(got["data"], dtype=float)
    flat = want.reshape(-1)
    if not np.allclose(data, flat, rtol=RTOL, atol=ATOL, equal_nan=True):
        worst = int(np.nanargmax(np.abs(data - flat)))
        return f"entry {worst} is {float(data[worst])!r} but NumPy has {float(flat[worst])!r}"
    return None


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__.strip().splitlines()[2])
        return 2
    binary = args[0]
    count = int(args[args.index("--cases") + 1]) if "--cases" in args else 25
    seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 20261130
    rng = np.random.default_rng(seed)
    failures, checked, names = [], 0, set()
    for _ in range(count):
        for name, expr, want in cases(rng):
            names.add(name)
            checked += 1
            run = subprocess.run([binary, "eval", expr, "--json"], capture_output=True, text=True)
            if run.returncode != 0:
                failures.append(f"{name}: {expr}: exit {run.returncode}: {run.stderr.strip()}")
                continue
            problem = agrees(json.loads(run.stdout), want)
            if problem:
                failures.append(f"{name}: {expr}: {problem}")
    for line in failures:
        print(line)
    print(f"{checked} comparisons over {len(names)} functions and operators, {len(failures)} disagreements")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
