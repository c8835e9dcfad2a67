//! The names of the parameters, as the file stores them (`l0.attn.W_Q`) and per head
//! (`l0.h1.W_Q`, the head's 16 columns of `W_Q`; `l0.h1.W_O`, its 16 rows of `W_O`).

use super::load::{Layer, Model};
use super::tensor::Tensor;

/// The parameters of a layer, by the name after `l{L}.`.
const LAYER_PARAMS: [&str; 12] = [
    "ln1.g", "ln1.b", "attn.W_Q", "attn.W_K", "attn.W_V", "attn.W_O", "ln2.g", "ln2.b", "ffn.W1",
    "ffn.b1", "ffn.W2", "ffn.b2",
];

/// The per-head slices, by the name after `l{L}.h{H}.`.
const HEAD_PARAMS: [&str; 4] = ["W_Q", "W_K", "W_V", "W_O"];

impl Model {
    /// Every name [`Model::param`] accepts, in order, with its shape (rows, cols; a
    /// vector is one row).
    pub fn param_names(&self) -> Vec<(String, (usize, usize))> {
        let c = self.config;
        let mut names = vec!["tok_emb".to_string(), "pos_emb".to_string()];
        for l in 0..c.n_layer {
            names.extend(LAYER_PARAMS.iter().map(|p| format!("l{l}.{p}")));
            for h in 0..c.n_head {
                names.extend(HEAD_PARAMS.iter().map(|p| format!("l{l}.h{h}.{p}")));
            }
        }
        names.extend(["ln_f.g".to_string(), "ln_f.b".to_string()]);
        names
            .into_iter()
            .map(|name| {
                let t = self.param(&name).expect("every listed name resolves");
                let shape = (t.rows(), t.cols());
                (name, shape)
            })
            .collect()
    }

    /// The parameter called `name` (see [`Model::param_names`]), or `None`.
    pub fn param(&self, name: &str) -> Option<Tensor> {
        match name {
            "tok_emb" => return Some(self.tok_emb.clone()),
            "pos_emb" => return Some(self.pos_emb.clone()),
            "ln_f.g" => return Some(self.ln_f_g.clone()),
            "ln_f.b" => return Some(self.ln_f_b.clone()),
            _ => {}
        }
        let (l, rest) = numbered(name.strip_prefix('l')?)?;
        let layer = self.layers.get(l)?;
        if let Some(t) = layer_param(layer, rest) {
            return Some(t.clone());
        }
        let (h, which) = numbered(rest.strip_prefix('h')?)?;
        let d = self.config.d_head;
        if h >= self.config.n_head {
            return None;
        }
        let (from, to) = (h * d, (h + 1) * d);
        match which {
            "W_Q" => Some(layer.w_q.columns(from, to)),
            "W_K" => Some(layer.w_k.columns(from, to)),
            "W_V" => Some(layer.w_v.columns(from, to)),
            "W_O" => Some(layer.w_o.row_range(from, to)),
            _ => None,
        }
    }
}

/// `"12.rest"` → `(12, "rest")`.
fn numbered(s: &str) -> Option<(usize, &str)> {
    let (digits, rest) = s.split_once('.')?;
    if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((digits.parse().ok()?, rest))
}

fn layer_param<'a>(layer: &'a Layer, name: &str) -> Option<&'a Tensor> {
    Some(match name {
        "ln1.g" => &layer.ln1_g,
        "ln1.b" => &layer.ln1_b,
        "attn.W_Q" => &layer.w_q,
        "attn.W_K" => &layer.w_k,
        "attn.W_V" => &layer.w_v,
        "attn.W_O" => &layer.w_o,
        "ln2.g" => &layer.ln2_g,
        "ln2.b" => &layer.ln2_b,
        "ffn.W1" => &layer.w1,
        "ffn.b1" => &layer.b1,
        "ffn.W2" => &layer.w2,
        "ffn.b2" => &layer.b2,
        _ => return None,
    })
}
