//! The forward pass, exactly as `train.py`'s `forward` computes it (f32, row vectors:
//! `Q = X W_Q`), keeping every intermediate value so that lessons can look at it.
//!
//! Per layer `l`, with `x` the residual stream (one row per character):
//! `h = LN1(x)`; per head, `Q, K, V` = `h` times the head's columns of `W_Q, W_K, W_V`,
//! scores `Q Kᵀ / √d_head + M` (causal mask), weights `softmax(scores)`, head output
//! `weights V`; `x += concat(heads) W_O`; `x += GELU(LN2(x) W1 + b1) W2 + b2`.
//! Logits: `LN_f(x) tok_embᵀ` (the embedding is tied).

use super::edit::{Edits, Means, Site};
use super::kernel;
use super::load::{Layer, Model};
use super::run::Run;
use super::tensor::Tensor;

impl Model {
    /// Multiply-adds of a forward pass over `n` characters (the evaluator's budget).
    pub fn work(&self, n: usize) -> u64 {
        let c = self.config;
        let per_layer = n * c.d_model * (4 * c.d_model + 2 * c.d_ff) + 2 * n * n * c.d_model;
        (c.n_layer * per_layer + n * c.d_model * c.vocab) as u64
    }

    /// Runs token `ids` at `positions` (one each; `None` adds no positional vector).
    pub fn run(&self, ids: &[usize], positions: &[Option<usize>]) -> Result<Run, String> {
        self.run_edited(ids, positions, &Edits::default())
    }

    /// [`Model::run`] with interventions ([`Edits`]) applied where each activation is
    /// made. The caller has checked each edit ([`super::Edit::check`]) and given the
    /// source run of a patch (same length) and the means of a mean ablation.
    pub fn run_edited(
        &self,
        ids: &[usize],
        positions: &[Option<usize>],
        edits: &Edits,
    ) -> Result<Run, String> {
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
        if edits.source.is_some_and(|s| s.ids.len() != n) {
            return Err("a patch needs a source text of the same length".into());
        }
        let (mut embed, mut pos_embed) = self.embeddings(ids, positions);
        edits.apply(
            Site::Embed,
            &mut embed,
            |m, _| &m.embed,
            |s| s.embed.clone(),
        );
        edits.apply(
            Site::Pos,
            &mut pos_embed,
            |m, _| &m.pos,
            |s| s.pos_embed.clone(),
        );
        let mut x = embed.clone();
        x.add_assign(&pos_embed);
        let mut run = Run {
            ids: ids.to_vec(),
            positions: positions.to_vec(),
            embed,
            pos_embed,
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
        for (l, layer) in self.layers.iter().enumerate() {
            edits.apply(
                Site::Resid(l),
                &mut x,
                |m, _| &m.resid[l],
                |s| s.resid[l].clone(),
            );
            run.resid.push(x.clone());
            self.attention(l, layer, &mut x, &mut run, edits);
            run.resid_mid.push(x.clone());
            let h = self.layernorm(&x, &layer.ln2_g, &layer.ln2_b);
            let mut hidden = h.matmul(&layer.w1);
            hidden.add_row(&layer.b1);
            kernel::gelu(&mut hidden.data);
            edits.apply_neurons(l, &mut hidden);
            let mut out = hidden.matmul(&layer.w2);
            out.add_row(&layer.b2);
            edits.apply(
                Site::Mlp(l),
                &mut out,
                |m, _| &m.mlp[l],
                |s| s.mlp_out[l].clone(),
            );
            x.add_assign(&out);
            run.mlp_hidden.push(hidden);
            run.mlp_out.push(out);
        }
        let last = c.n_layer;
        edits.apply(
            Site::Resid(last),
            &mut x,
            |m, _| &m.resid[last],
            |s| s.resid[last].clone(),
        );
        run.resid.push(x.clone());
        let h = self.layernorm(&x, &self.ln_f_g, &self.ln_f_b);
        run.logits = h.matmul(&self.unembed);
        Ok(run)
    }

    /// The token rows and the positional rows of a text, apart (a missing position
    /// adds a row of zeros).
    fn embeddings(&self, ids: &[usize], positions: &[Option<usize>]) -> (Tensor, Tensor) {
        let d = self.config.d_model;
        let mut tok = Tensor::zeros(ids.len(), d);
        let mut pos = Tensor::zeros(ids.len(), d);
        for (t, (&id, p)) in ids.iter().zip(positions).enumerate() {
            tok.data[t * d..(t + 1) * d].copy_from_slice(self.tok_emb.row(id));
            if let Some(p) = p {
                pos.data[t * d..(t + 1) * d].copy_from_slice(self.pos_emb.row(*p));
            }
        }
        (tok, pos)
    }

    /// One layer's causal multi-head attention, added to `x`; its pieces kept in `run`.
    fn attention(&self, l: usize, layer: &Layer, x: &mut Tensor, run: &mut Run, edits: &Edits) {
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
            let mut s = match edits.qk_part(l, head) {
                None => q
                    .columns(cols.start, cols.end)
                    .matmul(&k.columns(cols.start, cols.end).transpose()),
                Some(symmetric) => {
                    let a = qk_part(layer, cols.clone(), symmetric);
                    h.matmul(&a).matmul(&h.transpose())
                }
            };
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
            edits.apply(
                Site::Pattern(l, head),
                &mut w,
                |m: &Means, r| &m.pattern[l][head].row(r)[..n],
                |s| s.weights[l][head].clone(),
            );
            let mut z = w.matmul(&v.columns(cols.start, cols.end));
            edits.apply(
                Site::Head(l, head),
                &mut z,
                |m, _| &m.head[l][head],
                |s| s.head_out[l][head].clone(),
            );
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
        let mut out = concat.matmul(&layer.w_o);
        edits.apply(
            Site::Attn(l),
            &mut out,
            |m, _| &m.attn[l],
            |s| s.attn_out[l].clone(),
        );
        x.add_assign(&out);
        run.scores.push(scores);
        run.weights.push(weights);
        run.head_out.push(outs);
        run.attn_out.push(out);
    }

    /// Per row: subtract the mean, divide by √(variance + eps) (population variance),
    /// then scale by `g` and shift by `b`.
    pub(super) fn layernorm(&self, x: &Tensor, g: &Tensor, b: &Tensor) -> Tensor {
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

/// `(A + Aᵀ)/2` (`symmetric`) or `(A − Aᵀ)/2` of one head's `A = W_Q W_Kᵀ`
/// (d_model x d_model), the head's columns `cols`.
fn qk_part(layer: &Layer, cols: std::ops::Range<usize>, symmetric: bool) -> Tensor {
    let a = layer
        .w_q
        .columns(cols.start, cols.end)
        .matmul(&layer.w_k.columns(cols.start, cols.end).transpose());
    let d = a.rows;
    let sign = if symmetric { 1.0 } else { -1.0 };
    let data = (0..d * d)
        .map(|i| (a.data[i] + sign * a.data[(i % d) * d + i / d]) / 2.0)
        .collect();
    Tensor::new(d, d, data)
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
