//! Interventions: what a run changes on its way through the model, in the vocabulary of
//! activation patching (TransformerLens's hook points, named the course's way).
//!
//! An [`Edit`] replaces one activation (a [`Site`]) by zero, by its mean over the
//! held-out text, or by its value in the run of another text of the same length; or it
//! replaces a head's `W_Q W_Kᵀ` by its symmetric or antisymmetric part. `at` limits an
//! edit to one character (for a pattern: the row of one query). The forward pass
//! (`forward.rs`) applies the edits where each activation is made, so everything after
//! it sees the change, as a hook would.

use super::load::Config;
use super::run::Run;
use super::tensor::Tensor;

/// Where an edit acts (TransformerLens's name for the hook in brackets).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Site {
    /// The token embedding rows (`hook_embed`).
    Embed,
    /// The positional rows added to them (`hook_pos_embed`).
    Pos,
    /// The stream entering layer `l` (`blocks.l.hook_resid_pre`); `l = n_layer` is the
    /// last layer's output, what the final LayerNorm reads.
    Resid(usize),
    /// One head's output `weights V`, before `W_O` (`blocks.l.attn.hook_z`, one head).
    Head(usize, usize),
    /// One head's attention weights (`blocks.l.attn.hook_pattern`, one head).
    Pattern(usize, usize),
    /// One FFN neuron's activation (`blocks.l.mlp.hook_post`, one column).
    Neuron(usize, usize),
    /// What layer `l`'s attention adds to the stream (`blocks.l.hook_attn_out`).
    Attn(usize),
    /// What layer `l`'s FFN adds (`blocks.l.hook_mlp_out`).
    Mlp(usize),
}

/// What an edit does at its site.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum How {
    Zero,
    /// The site's mean over every character of the held-out text; for a pattern, the
    /// mean weight at each (query, key) place over the held-out windows.
    Mean,
    /// The site's value in the source run (same length).
    Patch,
    /// A head's scores computed with `(A + Aᵀ)/2`, `A = W_Q W_Kᵀ` (a [`Site::Head`]).
    Sym,
    /// ... with `(A − Aᵀ)/2`.
    Antisym,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Edit {
    pub how: How,
    pub site: Site,
    /// Only this character (a pattern: this query's row); `None`: every one.
    pub at: Option<usize>,
}

/// The means [`How::Mean`] substitutes, measured once on the held-out text (see
/// `sweep.rs`). Indices as in [`Site`].
#[derive(Debug, Clone)]
pub struct Means {
    pub embed: Vec<f32>,
    pub pos: Vec<f32>,
    pub resid: Vec<Vec<f32>>,
    pub head: Vec<Vec<Vec<f32>>>,
    /// `n_ctx x n_ctx` per head: the mean weight of query `i` on key `j`.
    pub pattern: Vec<Vec<Tensor>>,
    pub neuron: Vec<Vec<f32>>,
    pub attn: Vec<Vec<f32>>,
    pub mlp: Vec<Vec<f32>>,
}

/// The edits of one run, with what they need: the source run's activations for a
/// patch, the held-out means for a mean ablation.
#[derive(Clone, Copy, Default)]
pub struct Edits<'a> {
    pub list: &'a [Edit],
    pub source: Option<&'a Run>,
    pub means: Option<&'a Means>,
}

impl Edit {
    /// Whether the edit is possible for this model and a text of `n` characters.
    pub fn check(&self, c: &Config, n: usize) -> Result<(), String> {
        let layer = |l: usize, last: usize| {
            (l < last)
                .then_some(())
                .ok_or_else(|| format!("layer must be from 0 to {}, got {l}", last - 1))
        };
        let head = |h: usize| {
            (h < c.n_head)
                .then_some(())
                .ok_or_else(|| format!("head must be from 0 to {}, got {h}", c.n_head - 1))
        };
        match self.site {
            Site::Embed | Site::Pos => {}
            Site::Resid(l) => layer(l, c.n_layer + 1)?,
            Site::Head(l, h) | Site::Pattern(l, h) => {
                layer(l, c.n_layer)?;
                head(h)?;
            }
            Site::Neuron(l, j) => {
                layer(l, c.n_layer)?;
                if j >= c.d_ff {
                    return Err(format!("neuron must be from 0 to {}, got {j}", c.d_ff - 1));
                }
            }
            Site::Attn(l) | Site::Mlp(l) => layer(l, c.n_layer)?,
        }
        if matches!(self.how, How::Sym | How::Antisym) && !matches!(self.site, Site::Head(..)) {
            return Err(
                "sym and antisym replace a head's W_Q W_Kᵀ: name a head, as in \"sym l0.h2\""
                    .into(),
            );
        }
        if let Some(t) = self.at.filter(|&t| t >= n) {
            return Err(format!(
                "@{t}: the text has characters 0 to {}",
                n.saturating_sub(1)
            ));
        }
        Ok(())
    }
}

impl Edits<'_> {
    /// The edits at `site`, in order.
    pub(super) fn at(&self, site: Site) -> impl Iterator<Item = &Edit> {
        self.list.iter().filter(move |e| e.site == site)
    }

    /// Applies every zero, mean and patch edit at `site` to `t` (one row per
    /// character). `mean` picks the site's mean for a row, `source` its value in the
    /// source run.
    pub(super) fn apply(
        &self,
        site: Site,
        t: &mut Tensor,
        mean: impl for<'m> Fn(&'m Means, usize) -> &'m [f32],
        source: impl Fn(&Run) -> Tensor,
    ) {
        for edit in self.at(site) {
            let rows: Vec<usize> = match edit.at {
                Some(r) => vec![r],
                None => (0..t.rows).collect(),
            };
            let cols = t.cols;
            match edit.how {
                How::Zero => {
                    for r in rows {
                        t.data[r * cols..(r + 1) * cols].fill(0.0);
                    }
                }
                How::Mean => {
                    let means = self.means.expect("means are given with a mean edit");
                    for r in rows {
                        t.data[r * cols..(r + 1) * cols].copy_from_slice(mean(means, r));
                    }
                }
                How::Patch => {
                    let s = source(self.source.expect("a source is given with a patch"));
                    for r in rows {
                        t.data[r * cols..(r + 1) * cols].copy_from_slice(s.row(r));
                    }
                }
                How::Sym | How::Antisym => {}
            }
        }
    }

    /// Applies the edits of one neuron column `j` of layer `l`'s hidden activations.
    pub(super) fn apply_neurons(&self, l: usize, hidden: &mut Tensor) {
        for edit in self.list {
            let Site::Neuron(el, j) = edit.site else {
                continue;
            };
            if el != l {
                continue;
            }
            let rows: Vec<usize> = match edit.at {
                Some(r) => vec![r],
                None => (0..hidden.rows).collect(),
            };
            for r in rows {
                let i = r * hidden.cols + j;
                hidden.data[i] = match edit.how {
                    How::Zero => 0.0,
                    How::Mean => self.means.expect("means are given").neuron[l][j],
                    How::Patch => self.source.expect("a source is given").mlp_hidden[l].data[i],
                    How::Sym | How::Antisym => hidden.data[i],
                };
            }
        }
    }

    /// The symmetric (`Some(true)`) or antisymmetric part to use for head `h` of layer
    /// `l`'s scores, if an edit asks for one.
    pub(super) fn qk_part(&self, l: usize, h: usize) -> Option<bool> {
        self.at(Site::Head(l, h)).find_map(|e| match e.how {
            How::Sym => Some(true),
            How::Antisym => Some(false),
            _ => None,
        })
    }
}
