//! A model as `train.py` starts it, drawn afresh: the control a claim about training
//! is measured against ("the trained head does X; a head at initialisation does Y").
//!
//! The scheme of `train.py`'s `init_params`: linear maps `N(0, 1/fan_in)`, embeddings
//! `N(0, 0.02²)`, LayerNorm gains 1 and biases 0. The normal draws come from the
//! caller (the evaluator's `randn` stream, so a seed names the draw), filled in this
//! order: `tok_emb`, `pos_emb`, then per layer `W_Q`, `W_K`, `W_V`, `W_O`, `W1`, `W2`,
//! each row-major. JAX's own draws are not reproduced: the distribution is.

use super::load::Model;
use super::tensor::Tensor;

impl Model {
    /// A model of the same sizes and vocabulary with freshly initialised weights.
    pub fn initialised(&self, normal: &mut dyn FnMut() -> f32) -> Model {
        let c = self.config;
        let mut draw = |rows: usize, cols: usize, std: f32| {
            Tensor::new(
                rows,
                cols,
                (0..rows * cols).map(|_| normal() * std).collect(),
            )
        };
        let mut m = self.clone();
        m.tok_emb = draw(c.vocab, c.d_model, 0.02);
        m.pos_emb = draw(c.n_ctx, c.d_model, 0.02);
        let ones = |n: usize| Tensor::new(1, n, vec![1.0; n]);
        let zeros = |n: usize| Tensor::new(1, n, vec![0.0; n]);
        let (d, f) = (c.d_model, c.d_ff);
        let (sd, sf) = ((d as f32).powf(-0.5), (f as f32).powf(-0.5));
        for layer in &mut m.layers {
            layer.ln1_g = ones(d);
            layer.ln1_b = zeros(d);
            layer.w_q = draw(d, d, sd);
            layer.w_k = draw(d, d, sd);
            layer.w_v = draw(d, d, sd);
            layer.w_o = draw(d, d, sd);
            layer.ln2_g = ones(d);
            layer.ln2_b = zeros(d);
            layer.w1 = draw(d, f, sd);
            layer.b1 = zeros(f);
            layer.w2 = draw(f, d, sf);
            layer.b2 = zeros(d);
        }
        m.ln_f_g = ones(d);
        m.ln_f_b = zeros(d);
        m.unembed = m.tok_emb.transpose();
        m
    }
}
