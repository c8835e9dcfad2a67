//! What a forward pass keeps: every activation of one text's run, so that lessons can
//! look at any of them and a patch can take its values from another run. Data only,
//! apart from the forward pass that fills it (`forward.rs`) and the edits that read a
//! source run (`edit.rs`).

use super::tensor::Tensor;

/// Everything one text's forward pass computed. Indices: `[layer]`, `[layer][head]`.
#[derive(Debug, Clone)]
pub struct Run {
    pub ids: Vec<usize>,
    /// The row of the positional matrix each character got (`None`: none added).
    pub positions: Vec<Option<usize>>,
    /// The token embedding rows (n x d_model), after any edit.
    pub embed: Tensor,
    /// The positional rows added to them (zero where a character has none).
    pub pos_embed: Tensor,
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
