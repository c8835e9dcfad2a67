//! Reading the weights: a safetensors file whose metadata holds the vocabulary and the
//! sizes, and whose tensors are named as `train.py` names them. Every shape is checked
//! here, once, so the forward pass can index without checks. The file is untrusted
//! (`--course DIR`): anything wrong is a one-line error, never a panic.

use std::collections::HashMap;

use safetensors::{Dtype, SafeTensors};

use super::tensor::Tensor;

/// The sizes of the model (from the file's metadata).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    pub n_layer: usize,
    pub n_head: usize,
    pub d_model: usize,
    pub d_head: usize,
    pub d_ff: usize,
    /// The longest text the model reads (rows of the positional matrix).
    pub n_ctx: usize,
    pub vocab: usize,
}

/// The parameters of one block.
#[derive(Debug, Clone)]
pub(crate) struct Layer {
    pub ln1_g: Tensor,
    pub ln1_b: Tensor,
    pub w_q: Tensor,
    pub w_k: Tensor,
    pub w_v: Tensor,
    pub w_o: Tensor,
    pub ln2_g: Tensor,
    pub ln2_b: Tensor,
    pub w1: Tensor,
    pub b1: Tensor,
    pub w2: Tensor,
    pub b2: Tensor,
}

/// A loaded model: sizes, vocabulary and weights (f32, as trained).
#[derive(Debug, Clone)]
pub struct Model {
    pub config: Config,
    pub ln_eps: f32,
    vocab: Vec<char>,
    pub(crate) tok_emb: Tensor,
    /// `tok_embᵀ`, d_model x vocab, so the logits are one matrix product.
    pub(crate) unembed: Tensor,
    pub(crate) pos_emb: Tensor,
    pub(crate) layers: Vec<Layer>,
    pub(crate) ln_f_g: Tensor,
    pub(crate) ln_f_b: Tensor,
}

/// Bounds on the sizes a file may declare: the shipped model is far inside them, and
/// they keep a hostile file from asking for huge work per character.
const MAX_LAYERS: usize = 8;
const MAX_WIDTH: usize = 1024;

impl Model {
    /// Parses a safetensors file (little-endian f32 tensors named as `train.py` writes
    /// them, the vocabulary and sizes in the metadata).
    pub fn from_bytes(bytes: &[u8]) -> Result<Model, String> {
        let file =
            SafeTensors::deserialize(bytes).map_err(|e| format!("not a safetensors file: {e}"))?;
        let (_, header) = SafeTensors::read_metadata(bytes)
            .map_err(|e| format!("not a safetensors file: {e}"))?;
        let meta = header.metadata().clone().unwrap_or_default();
        let size = |key: &str| -> Result<usize, String> {
            let text = meta
                .get(key)
                .ok_or_else(|| format!("the metadata has no {key:?}"))?;
            text.parse::<usize>()
                .ok()
                .filter(|&n| (1..=MAX_WIDTH).contains(&n))
                .ok_or_else(|| format!("metadata {key:?} must be a whole number from 1 to {MAX_WIDTH}, got {text:?}"))
        };
        let vocab: Vec<char> = meta
            .get("vocab")
            .ok_or("the metadata has no \"vocab\"")?
            .chars()
            .collect();
        if vocab.is_empty() || vocab.len() > MAX_WIDTH {
            return Err(format!(
                "the vocabulary must have 1 to {MAX_WIDTH} characters"
            ));
        }
        if (1..vocab.len()).any(|i| vocab[..i].contains(&vocab[i])) {
            return Err("the vocabulary lists a character twice".into());
        }
        let config = Config {
            n_layer: size("n_layer")?,
            n_head: size("n_head")?,
            d_model: size("d_model")?,
            d_head: size("d_head")?,
            d_ff: size("d_ff")?,
            n_ctx: size("n_ctx")?,
            vocab: vocab.len(),
        };
        if config.n_layer > MAX_LAYERS {
            return Err(format!("n_layer must be at most {MAX_LAYERS}"));
        }
        if config.n_head * config.d_head != config.d_model {
            return Err("n_head x d_head must equal d_model".into());
        }
        let ln_eps = meta
            .get("ln_eps")
            .and_then(|t| t.parse::<f32>().ok())
            .filter(|e| e.is_finite() && *e > 0.0)
            .ok_or("the metadata needs \"ln_eps\", a positive number")?;
        let tensors = Tensors::read(&file)?;
        let (d, f) = (config.d_model, config.d_ff);
        let layers = (0..config.n_layer)
            .map(|l| {
                let t = |name: &str, shape: &[usize]| tensors.take(&format!("l{l}.{name}"), shape);
                Ok(Layer {
                    ln1_g: t("ln1.g", &[d])?,
                    ln1_b: t("ln1.b", &[d])?,
                    w_q: t("attn.W_Q", &[d, d])?,
                    w_k: t("attn.W_K", &[d, d])?,
                    w_v: t("attn.W_V", &[d, d])?,
                    w_o: t("attn.W_O", &[d, d])?,
                    ln2_g: t("ln2.g", &[d])?,
                    ln2_b: t("ln2.b", &[d])?,
                    w1: t("ffn.W1", &[d, f])?,
                    b1: t("ffn.b1", &[f])?,
                    w2: t("ffn.W2", &[f, d])?,
                    b2: t("ffn.b2", &[d])?,
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let tok_emb = tensors.take("tok_emb", &[config.vocab, d])?;
        Ok(Model {
            config,
            ln_eps,
            unembed: tok_emb.transpose(),
            tok_emb,
            pos_emb: tensors.take("pos_emb", &[config.n_ctx, d])?,
            ln_f_g: tensors.take("ln_f.g", &[d])?,
            ln_f_b: tensors.take("ln_f.b", &[d])?,
            vocab,
            layers,
        })
    }

    /// The characters the model knows, in id order.
    pub fn vocab(&self) -> &[char] {
        &self.vocab
    }

    /// The token ids of `text`, or which character the model does not know.
    pub fn encode(&self, text: &str) -> Result<Vec<usize>, String> {
        text.chars()
            .enumerate()
            .map(|(i, c)| {
                self.vocab.iter().position(|&v| v == c).ok_or_else(|| {
                    format!(
                        "character {c:?} at {} is not in the model's vocabulary",
                        i + 1
                    )
                })
            })
            .collect()
    }
}

/// The f32 tensors of a file by name.
struct Tensors(HashMap<String, (Vec<usize>, Vec<f32>)>);

impl Tensors {
    fn read(file: &SafeTensors<'_>) -> Result<Tensors, String> {
        file.iter()
            .map(|(name, view)| {
                if view.dtype() != Dtype::F32 {
                    return Err(format!(
                        "tensor {name:?} is {:?}; the model needs F32",
                        view.dtype()
                    ));
                }
                let data = view
                    .data()
                    .chunks_exact(4)
                    .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                    .collect::<Vec<_>>();
                if let Some(x) = data.iter().find(|x| !x.is_finite()) {
                    return Err(format!("tensor {name:?} holds {x}; weights must be finite"));
                }
                Ok((name.to_string(), (view.shape().to_vec(), data)))
            })
            .collect::<Result<HashMap<_, _>, _>>()
            .map(Tensors)
    }

    /// The tensor `name`, which must have exactly `shape`.
    fn take(&self, name: &str, shape: &[usize]) -> Result<Tensor, String> {
        let (found, data) = self
            .0
            .get(name)
            .ok_or_else(|| format!("the file has no tensor {name:?}"))?;
        if found != shape {
            return Err(format!(
                "tensor {name:?} has shape {found:?}, expected {shape:?}"
            ));
        }
        let (rows, cols) = match shape {
            [n] => (1, *n),
            [r, c] => (*r, *c),
            _ => unreachable!("shapes asked for have one or two dimensions"),
        };
        Ok(Tensor::new(rows, cols, data.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_what_is_not_a_model_with_a_message() {
        assert!(
            Model::from_bytes(b"")
                .unwrap_err()
                .starts_with("not a safetensors file")
        );
        let header = br#"{"__metadata__":{"vocab":"ab"}}"#;
        let mut bytes = (header.len() as u64).to_le_bytes().to_vec();
        bytes.extend_from_slice(header);
        assert_eq!(
            Model::from_bytes(&bytes).unwrap_err(),
            "the metadata has no \"n_layer\""
        );
    }
}
