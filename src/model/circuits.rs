//! What the weights say without a text, and how a run's logits split into the parts
//! that wrote them (Elhage et al., 2021, "A Mathematical Framework for Transformer
//! Circuits"; row vectors, as everywhere in the course).
//!
//! - QK circuit of a head: `LN1(E) W_Q W_Kᵀ LN1(E)ᵀ / √d_head`, vocab x vocab: the
//!   score a query character gives a key character, positions left out.
//! - OV circuit: `LN1(E) W_V W_O diag(g_f) Eᵀ`: what attending to a character adds to
//!   each logit (through the final LayerNorm's gain, its centring and scale left out).
//! - Direct path: `LN_f(E) Eᵀ`: the logits of the embedding alone, every block removed.
//! - Composition scores between a layer-0 head and a layer-1 head:
//!   `‖M₁ M₂‖_F / (‖M₁‖_F ‖M₂‖_F)` for Q (`OV₀ QK₁`), K (`QK₁ OV₀ᵀ`), V (`OV₀ OV₁`), the
//!   LayerNorms between left out as in the paper.
//! - Direct logit attribution: the stream the final LayerNorm reads is a sum of what
//!   each part wrote (token and positional rows, each head, each FFN); with the
//!   LayerNorm's scale of that row held fixed, each part's share of a logit is
//!   `(p − mean p) · (g_f ⊙ E_v) / σ`, and the shares plus `b_f · E_v` are the logit.

use super::load::{Layer, Model};
use super::run::Run;
use super::tensor::Tensor;

/// Which input of the layer-1 head the layer-0 head writes into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Composition {
    Q,
    K,
    V,
}

impl Model {
    /// The token embeddings through layer `l`'s first LayerNorm (vocab x d_model).
    fn embed_ln1(&self, l: usize) -> Tensor {
        let layer = &self.layers[l];
        self.layernorm(&self.tok_emb, &layer.ln1_g, &layer.ln1_b)
    }

    /// Head `h` of layer `l`: its columns of `W_Q`, `W_K`, `W_V` and rows of `W_O`.
    fn head_weights(&self, l: usize, h: usize) -> [Tensor; 4] {
        let d = self.config.d_head;
        let layer: &Layer = &self.layers[l];
        let (a, b) = (h * d, (h + 1) * d);
        [
            layer.w_q.columns(a, b),
            layer.w_k.columns(a, b),
            layer.w_v.columns(a, b),
            layer.w_o.row_range(a, b),
        ]
    }

    pub fn qk_circuit(&self, l: usize, h: usize) -> Tensor {
        let x = self.embed_ln1(l);
        let [w_q, w_k, ..] = self.head_weights(l, h);
        let mut s = x.matmul(&w_q).matmul(&x.matmul(&w_k).transpose());
        let scale = (self.config.d_head as f32).sqrt();
        s.data.iter_mut().for_each(|v| *v /= scale);
        s
    }

    pub fn ov_circuit(&self, l: usize, h: usize) -> Tensor {
        let [_, _, w_v, w_o] = self.head_weights(l, h);
        let mut out = self.embed_ln1(l).matmul(&w_v).matmul(&w_o);
        for row in out.data.chunks_exact_mut(self.config.d_model) {
            for (v, g) in row.iter_mut().zip(&self.ln_f_g.data) {
                *v *= g;
            }
        }
        out.matmul(&self.unembed)
    }

    pub fn direct_path(&self) -> Tensor {
        self.layernorm(&self.tok_emb, &self.ln_f_g, &self.ln_f_b)
            .matmul(&self.unembed)
    }

    /// `n_head x n_head`: row = head of layer 0, column = head of layer 1.
    pub fn composition(&self, kind: Composition) -> Tensor {
        let c = self.config;
        let circuits = |l: usize| -> Vec<(Tensor, Tensor)> {
            (0..c.n_head)
                .map(|h| {
                    let [w_q, w_k, w_v, w_o] = self.head_weights(l, h);
                    (w_q.matmul(&w_k.transpose()), w_v.matmul(&w_o))
                })
                .collect()
        };
        let (first, second) = (circuits(0), circuits(1.min(c.n_layer - 1)));
        let mut out = Tensor::zeros(c.n_head, c.n_head);
        for (i, (_, ov0)) in first.iter().enumerate() {
            for (j, (qk1, ov1)) in second.iter().enumerate() {
                let (a, b) = match kind {
                    Composition::Q => (ov0.clone(), qk1.clone()),
                    Composition::K => (qk1.clone(), ov0.transpose()),
                    Composition::V => (ov0.clone(), ov1.clone()),
                };
                out.data[i * c.n_head + j] =
                    frobenius(&a.matmul(&b)) / (frobenius(&a) * frobenius(&b));
            }
        }
        out
    }

    /// Head `h` of layer `l`'s scores on `run`, split by what the query and the key
    /// are made of: `[token part with token part, position with position, the rest]`
    /// (the rest: the cross terms, the LayerNorm's bias and, past layer 0, what earlier
    /// layers wrote). The three add up to the scores; masked entries are `-inf` in each.
    pub fn score_parts(&self, run: &Run, l: usize, h: usize) -> [Tensor; 3] {
        let layer = &self.layers[l];
        let x = &run.resid[l];
        let [w_q, w_k, ..] = self.head_weights(l, h);
        let inv = self.inverse_scales(x);
        let normed = |p: &Tensor| {
            let mut out = centred(p);
            for (row, s) in out.data.chunks_exact_mut(x.cols).zip(&inv) {
                for (v, g) in row.iter_mut().zip(&layer.ln1_g.data) {
                    *v *= s * g;
                }
            }
            out
        };
        let (tok, pos) = (normed(&run.embed), normed(&run.pos_embed));
        let all = self.layernorm(x, &layer.ln1_g, &layer.ln1_b);
        let scale = (self.config.d_head as f32).sqrt();
        let score = |a: &Tensor, b: &Tensor| {
            let mut s = a.matmul(&w_q).matmul(&b.matmul(&w_k).transpose());
            s.data.iter_mut().for_each(|v| *v /= scale);
            s
        };
        let (tt, pp, total) = (score(&tok, &tok), score(&pos, &pos), score(&all, &all));
        let mut rest = total;
        for ((r, a), b) in rest.data.iter_mut().zip(&tt.data).zip(&pp.data) {
            *r -= a + b;
        }
        [tt, pp, rest].map(masked)
    }

    /// `1 / √(var + eps)` of each row of `x`, the scale a LayerNorm of `x` divides by.
    fn inverse_scales(&self, x: &Tensor) -> Vec<f32> {
        x.data
            .chunks_exact(x.cols)
            .map(|row| {
                let d = row.len() as f32;
                let mean = row.iter().sum::<f32>() / d;
                let var = row.iter().map(|v| (v - mean) * (v - mean)).sum::<f32>() / d;
                1.0 / (var + self.ln_eps).sqrt()
            })
            .collect()
    }

    /// The parts that wrote the final stream, in the order of [`Model::part_names`],
    /// as `n` rows of pieces (n x d_model each).
    fn parts(&self, run: &Run) -> Vec<Tensor> {
        let mut parts = vec![run.embed.clone(), run.pos_embed.clone()];
        for l in 0..self.config.n_layer {
            for h in 0..self.config.n_head {
                let [.., w_o] = self.head_weights(l, h);
                parts.push(run.head_out[l][h].matmul(&w_o));
            }
            parts.push(run.mlp_out[l].clone());
        }
        parts
    }

    /// The column names of [`Model::logit_attrs`].
    pub fn part_names(&self) -> Vec<String> {
        let mut names = vec!["embed".to_string(), "pos".to_string()];
        for l in 0..self.config.n_layer {
            names.extend((0..self.config.n_head).map(|h| format!("l{l}.h{h}")));
            names.push(format!("l{l}.mlp"));
        }
        names.push("ln_f.b".into());
        names
    }

    /// Direct logit attribution: row t, one column per part ([`Model::part_names`]),
    /// each part's share of the logit of `targets[t]` at row t; a row sums to that
    /// logit.
    pub fn logit_attrs(&self, run: &Run, targets: &[usize]) -> Tensor {
        let parts = self.parts(run);
        let mut shares: Vec<Vec<f32>> =
            parts.iter().map(|p| self.shares(run, p, targets)).collect();
        shares.push(targets.iter().map(|&v| self.bias_logit(v)).collect());
        let n = targets.len();
        let cols = shares.len();
        let data = (0..n * cols).map(|i| shares[i % cols][i / cols]).collect();
        Tensor::new(n, cols, data)
    }

    /// Each FFN neuron's direct share (n x d_ff) of the logit of `targets[t]`: its
    /// activation times its row of `W_2`, through the held scale of the final
    /// LayerNorm.
    pub fn neuron_attrs(&self, run: &Run, l: usize, targets: &[usize]) -> Tensor {
        let d = self.config.d_model;
        let w2 = &self.layers[l].w2;
        let inv = self.inverse_scales(&run.resid[self.config.n_layer]);
        let hidden = &run.mlp_hidden[l];
        let mut out = Tensor::zeros(hidden.rows, hidden.cols);
        for (t, &v) in targets.iter().enumerate() {
            let u: Vec<f32> = (0..d)
                .map(|k| self.ln_f_g.data[k] * self.tok_emb.data[v * d + k])
                .collect();
            let u_mean = u.iter().sum::<f32>() / d as f32;
            for j in 0..hidden.cols {
                // (w − mean w) · u = w · (u − mean u): centre the direction once.
                let dot: f32 = w2
                    .row(j)
                    .iter()
                    .zip(&u)
                    .map(|(w, u)| w * (u - u_mean))
                    .sum();
                out.data[t * hidden.cols + j] = hidden.data[t * hidden.cols + j] * dot * inv[t];
            }
        }
        out
    }

    /// One part's share of each row's target logit.
    fn shares(&self, run: &Run, part: &Tensor, targets: &[usize]) -> Vec<f32> {
        let d = self.config.d_model;
        let inv = self.inverse_scales(&run.resid[self.config.n_layer]);
        let p = centred(part);
        targets
            .iter()
            .enumerate()
            .map(|(t, &v)| {
                let row = p.row(t);
                let dot: f32 = (0..d)
                    .map(|k| row[k] * self.ln_f_g.data[k] * self.tok_emb.data[v * d + k])
                    .sum();
                dot * inv[t]
            })
            .collect()
    }

    fn bias_logit(&self, v: usize) -> f32 {
        self.ln_f_b
            .data
            .iter()
            .zip(self.tok_emb.row(v))
            .map(|(b, e)| b * e)
            .sum()
    }
}

/// Each row minus its mean.
fn centred(t: &Tensor) -> Tensor {
    let mut out = t.clone();
    for row in out.data.chunks_exact_mut(t.cols) {
        let mean = row.iter().sum::<f32>() / t.cols as f32;
        row.iter_mut().for_each(|v| *v -= mean);
    }
    out
}

/// `-inf` above the diagonal (the causal mask).
fn masked(mut s: Tensor) -> Tensor {
    let n = s.cols;
    for (i, row) in s.data.chunks_exact_mut(n).enumerate() {
        row[i + 1..].fill(f32::NEG_INFINITY);
    }
    s
}

fn frobenius(t: &Tensor) -> f32 {
    t.data.iter().map(|x| x * x).sum::<f32>().sqrt()
}
