//! The forward pass, exactly as `train.py`'s `forward` computes it (f32, row vectors:
//! `Q = X W_Q`), keeping every intermediate value so that lessons can look at it.
//!
//! Per layer `l`, with `x` the residual stream (one row per character):
//! `h = LN1(x)`; per head, `Q, K, V` = `h` times the head's columns of `W_Q, W_K, W_V`,
//! scores `Q Kᵀ / √d_head + M` (causal mask), weights `softmax(scores)`, head output
//! `weights V`; `x += concat(heads) W_O`; `x += GELU(LN2(x) W1 + b1) W2 + b2`.
//! Logits: `LN_f(x) tok_embᵀ` (the embedding is tied).

use super::kernel;
use super::load::{Layer, Model};
pub use super::tensor::Tensor;

/// Everything one text's forward pass computed. Indices: `[layer]`, `[layer][head]`.
#[derive(Debug, Clone)]
pub struct Run {
    pub ids: Vec<usize>,
    /// The row of the positional matrix each character got (`None`: none added).
    pub positions: Vec<Option<usize>>,
    /// `n_layer + 1` streams (n x d_model): entering each layer, then the last one's
    /// output (what the final LayerNorm reads).
    pub resid: Vec<Tensor>,
    /// The stream after the layer's attention, before its FFN.
    pub resid_mid: Vec<Tensor>,
    /// `Q Kᵀ / √d_head` plus the causal mask (`-inf` above the diagonal), n x n.
    pub scores: Vec<Vec<Tensor>>,
    /// The softmax of each row of the scores, n x n.
    pub weights: Vec<Vec<Tensor>>,
    /// `weights V`, n x d_head (before `W_O`).
    pub head_out: Vec<Vec<Tensor>>,
    /// What the attention adds to the stream, n x d_model.
    pub attn_out: Vec<Tensor>,
    /// `GELU(LN2(x) W1 + b1)`, n x d_ff.
    pub mlp_hidden: Vec<Tensor>,
    /// What the FFN adds to the stream, n x d_model.
    pub mlp_out: Vec<Tensor>,
    /// n x vocab: row t scores the character after the first t + 1.
    pub logits: Tensor,
}

impl Model {
    /// Multiply-adds of a forward pass over `n` characters (the evaluator's budget).
    pub fn work(&self, n: usize) -> u64 {
        let c = self.config;
        let per_layer = n * c.d_model * (4 * c.d_model + 2 * c.d_ff) + 2 * n * n * c.d_model;
        (c.n_layer * per_layer + n * c.d_model * c.vocab) as u64
    }

    /// Runs token `ids` at `positions` (one each; `None` adds no positional vector).
    pub fn run(&self, ids: &[usize], positions: &[Option<usize>]) -> Result<Run, String> {
        let c = self.config;
        let n = ids.len();
        if n == 0 || n > c.n_ctx {
            return Err(format!(
                "the model reads 1 to {} characters, got {n}",
                c.n_ctx
            ));
        }
        if positions.len() != n {
            return Err(format!("{n} characters but {} positions", positions.len()));
        }
        if let Some(&id) = ids.iter().find(|&&id| id >= c.vocab) {
            return Err(format!("token id {id} is out of range 0..{}", c.vocab));
        }
        if let Some(p) = positions.iter().flatten().find(|&&p| p >= c.n_ctx) {
            return Err(format!("position {p} is out of range 0..{}", c.n_ctx));
        }
        let mut x = Tensor::zeros(n, c.d_model);
        for (t, (&id, pos)) in ids.iter().zip(positions).enumerate() {
            let dst = &mut x.data[t * c.d_model..(t + 1) * c.d_model];
            dst.copy_from_slice(self.tok_emb.row(id));
            if let Some(p) = pos {
                for (d, e) in dst.iter_mut().zip(self.pos_emb.row(*p)) {
                    *d += e;
                }
            }
        }
        let mut run = Run {
            ids: ids.to_vec(),
            positions: positions.to_vec(),
            resid: vec![],
            resid_mid: vec![],
            scores: vec![],
            weights: vec![],
            head_out: vec![],
            attn_out: vec![],
            mlp_hidden: vec![],
            mlp_out: vec![],
            logits: Tensor::zeros(1, 1),
        };
        for layer in &self.layers {
            run.resid.push(x.clone());
            self.attention(layer, &mut x, &mut run);
            run.resid_mid.push(x.clone());
            let h = self.layernorm(&x, &layer.ln2_g, &layer.ln2_b);
            let mut hidden = h.matmul(&layer.w1);
            hidden.add_row(&layer.b1);
            kernel::gelu(&mut hidden.data);
            let mut out = hidden.matmul(&layer.w2);
            out.add_row(&layer.b2);
            x.add_assign(&out);
            run.mlp_hidden.push(hidden);
            run.mlp_out.push(out);
        }
        run.resid.push(x.clone());
        let h = self.layernorm(&x, &self.ln_f_g, &self.ln_f_b);
        run.logits = h.matmul(&self.unembed);
        Ok(run)
    }

    /// One layer's causal multi-head attention, added to `x`; its pieces kept in `run`.
    fn attention(&self, layer: &Layer, x: &mut Tensor, run: &mut Run) {
        let c = self.config;
        let n = x.rows;
        let h = self.layernorm(x, &layer.ln1_g, &layer.ln1_b);
        let (q, k, v) = (
            h.matmul(&layer.w_q),
            h.matmul(&layer.w_k),
            h.matmul(&layer.w_v),
        );
        let scale = (c.d_head as f32).sqrt();
        let mut concat = Tensor::zeros(n, c.d_model);
        let (mut scores, mut weights, mut outs) = (vec![], vec![], vec![]);
        for head in 0..c.n_head {
            let cols = head * c.d_head..(head + 1) * c.d_head;
            // Whole-matrix products (the kernel's vectorised loops) over contiguous
            // slices; the masked entries computed in `s` are overwritten, and their zero
            // weights add exactly nothing to `z`.
            let k_t = k.columns(cols.start, cols.end).transpose();
            let mut s = q.columns(cols.start, cols.end).matmul(&k_t);
            let mut w = Tensor::zeros(n, n);
            for (i, (s, w)) in s
                .data
                .chunks_exact_mut(n)
                .zip(w.data.chunks_exact_mut(n))
                .enumerate()
            {
                let (seen, masked) = s.split_at_mut(i + 1);
                seen.iter_mut().for_each(|a| *a /= scale);
                masked.fill(f32::NEG_INFINITY);
                softmax(seen, &mut w[..=i]);
            }
            let z = w.matmul(&v.columns(cols.start, cols.end));
            for (dst, src) in concat
                .data
                .chunks_exact_mut(c.d_model)
                .zip(z.data.chunks_exact(c.d_head))
            {
                dst[cols.clone()].copy_from_slice(src);
            }
            scores.push(s);
            weights.push(w);
            outs.push(z);
        }
        let out = concat.matmul(&layer.w_o);
        x.add_assign(&out);
        run.scores.push(scores);
        run.weights.push(weights);
        run.head_out.push(outs);
        run.attn_out.push(out);
    }

    /// Per row: subtract the mean, divide by √(variance + eps) (population variance),
    /// then scale by `g` and shift by `b`.
    fn layernorm(&self, x: &Tensor, g: &Tensor, b: &Tensor) -> Tensor {
        let mut out = x.clone();
        let d = x.cols as f32;
        for row in out.data.chunks_exact_mut(x.cols) {
            let mean = row.iter().sum::<f32>() / d;
            let var = row.iter().map(|v| (v - mean) * (v - mean)).sum::<f32>() / d;
            let inv = 1.0 / (var + self.ln_eps).sqrt();
            for ((v, g), b) in row.iter_mut().zip(&g.data).zip(&b.data) {
                *v = (*v - mean) * inv * g + b;
            }
        }
        out
    }
}

/// `weights = softmax(scores)`, shifted by the largest score so no exponential
/// overflows.
fn softmax(scores: &[f32], weights: &mut [f32]) {
    let max = scores.iter().fold(f32::NEG_INFINITY, |m, &a| m.max(a));
    for (p, a) in weights.iter_mut().zip(scores) {
        *p = (a - max).exp();
    }
    let total: f32 = weights.iter().sum();
    weights.iter_mut().for_each(|p| *p /= total);
}
