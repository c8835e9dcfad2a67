//! What a run's streams say, layer by layer: their size (norm, spread of features),
//! the logit lens (the stream entering a layer read through the final LayerNorm and
//! the unembedding, as if the later layers were not there: does it already choose the
//! model's final choice, and how good a guess is it), and how much each part wrote of
//! the logit of the right next character (direct logit attribution, `circuits.rs`).
//! The sweep sums these over the held-out text.

use super::load::Model;
use super::run::Run;
use super::tensor::{argmax, log_softmax_at};

/// Per stream `l = 0..=n_layer` (`resid(text, l)`), sums over a run's characters.
#[derive(Debug, Clone, Default)]
pub struct StreamSums {
    pub norm: Vec<f64>,
    pub std: Vec<f64>,
    /// Characters where the lens's likeliest next character is the model's.
    pub agree: Vec<f64>,
    /// `-ln p(next)` under the lens.
    pub loss: Vec<f64>,
    /// Per part ([`Model::part_names`]): its share of the right next character's logit.
    pub attrs: Vec<f64>,
}

impl Model {
    /// Adds `run`'s streams to `sums`; `next` is the character after the run's last.
    pub(super) fn add_streams(&self, run: &Run, next: usize, sums: &mut StreamSums) {
        let n = run.ids.len();
        let streams = run.resid.len();
        if sums.norm.is_empty() {
            *sums = StreamSums {
                norm: vec![0.0; streams],
                std: vec![0.0; streams],
                agree: vec![0.0; streams],
                loss: vec![0.0; streams],
                attrs: vec![0.0; self.part_names().len()],
            };
        }
        let targets: Vec<usize> = run.ids[1..].iter().copied().chain([next]).collect();
        let choice: Vec<usize> = (0..n).map(|t| argmax(run.logits.row(t))).collect();
        for (l, x) in run.resid.iter().enumerate() {
            let lens = self
                .layernorm(x, &self.ln_f_g, &self.ln_f_b)
                .matmul(&self.unembed);
            for t in 0..n {
                let row = x.row(t);
                let d = row.len() as f64;
                let mean = row.iter().map(|&v| f64::from(v)).sum::<f64>() / d;
                let sq = row
                    .iter()
                    .map(|&v| f64::from(v) * f64::from(v))
                    .sum::<f64>();
                sums.norm[l] += sq.sqrt();
                sums.std[l] += (sq / d - mean * mean).max(0.0).sqrt();
                sums.agree[l] += f64::from(u8::from(argmax(lens.row(t)) == choice[t]));
                sums.loss[l] -= log_softmax_at(lens.row(t), targets[t]);
            }
        }
        let attrs = self.logit_attrs(run, &targets);
        for row in attrs.data.chunks_exact(attrs.cols) {
            for (s, a) in sums.attrs.iter_mut().zip(row) {
                *s += f64::from(*a);
            }
        }
    }
}
