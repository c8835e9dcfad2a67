//! Statistics over every window of the held-out text in one pass (about 150 forward
//! passes of 64 characters), and over repeated random text: what a claim about a head
//! or a neuron must hold on, rather than on one sentence.
//!
//! One sweep computes all of them at once, so the evaluator caches one [`Sweep`] per
//! intervention and every later question is free. The plain sweep also measures the
//! means a mean ablation substitutes ([`Means`]).

use super::data::Heldout;
use super::edit::{Edits, Means};
use super::lens::StreamSums;
use super::load::Model;
use super::run::Run;
use super::tensor::{Tensor, argmax, log_softmax_at};

/// How many top-activating contexts are kept per neuron.
pub const TOP_K: usize = 16;

/// Per layer and head (`[l][h]`), over every row `t >= 1` of every window.
#[derive(Debug, Clone, Default)]
pub struct HeadStats {
    /// Mean weight on the previous character.
    pub prev: Vec<Vec<f64>>,
    /// Share of rows whose largest weight is on the previous character.
    pub prev_top: Vec<Vec<f64>>,
    /// Mean weight on the character itself.
    pub own: Vec<Vec<f64>>,
    /// Mean entropy of a row, nats.
    pub entropy: Vec<Vec<f64>>,
    /// Over the rows of a letter inside a word past its first letter: the mean weight
    /// on the word's first letter, and the share of those rows whose largest weight is
    /// there.
    pub first: Vec<Vec<f64>>,
    pub first_top: Vec<Vec<f64>>,
    /// Mean largest weight of a row.
    pub max: Vec<Vec<f64>>,
    /// Mean standard deviation of a row's scaled scores (its unmasked entries).
    pub score_std: Vec<Vec<f64>>,
}

/// Everything one pass over the held-out text measured.
#[derive(Debug, Clone)]
pub struct Sweep {
    /// Mean next-character loss, nats (mean over windows of each window's mean, as
    /// `train.py` reports it).
    pub loss: f64,
    pub windows: usize,
    pub heads: HeadStats,
    /// Means per character of each stream (`0..=n_layer`) and per part.
    pub streams: StreamSums,
    /// `[l][j]`: neuron j's largest activations, `(activation, index of the character
    /// in the held-out text)`, largest first.
    pub top: Vec<Vec<Vec<(f32, usize)>>>,
    /// The means of every site; measured only by the sweep without edits.
    pub means: Option<Means>,
}

/// Sums a sweep adds to, window by window.
struct Sums {
    heads: [Vec<Vec<f64>>; 8],
    rows: f64,
    word_rows: f64,
    means: Option<Means>,
}

impl Model {
    /// Runs every window of `data` with `edits` (no patch: a patch has no source per
    /// window). `tick` is called before each window (the caller's interrupt check).
    pub fn sweep(
        &self,
        data: &Heldout,
        edits: &Edits,
        tick: &mut dyn FnMut() -> Result<(), String>,
    ) -> Result<Sweep, String> {
        let c = self.config;
        let n = c.n_ctx;
        let grid = || vec![vec![0.0; c.n_head]; c.n_layer];
        let letters: Vec<bool> = self.vocab().iter().map(|ch| ch.is_alphabetic()).collect();
        let mut sums = Sums {
            heads: std::array::from_fn(|_| grid()),
            rows: 0.0,
            word_rows: 0.0,
            means: edits.list.is_empty().then(|| self.zero_means()),
        };
        let mut top = vec![vec![Vec::with_capacity(TOP_K + 1); c.d_ff]; c.n_layer];
        let mut streams = StreamSums::default();
        let (mut loss, mut windows) = (0.0, 0);
        let positions: Vec<Option<usize>> = (0..n).map(Some).collect();
        for start in data.window_starts(n) {
            tick()?;
            let ids = &data.ids[start..start + n];
            let run = self.run_edited(ids, &positions, edits)?;
            loss += window_loss(&run, data.ids[start + n]);
            self.add_streams(&run, data.ids[start + n], &mut streams);
            windows += 1;
            let first = first_letters(ids, &letters);
            sums.add_heads(&run, &first);
            for (l, hidden) in run.mlp_hidden.iter().enumerate() {
                keep_top(&mut top[l], hidden, start);
            }
            if let Some(m) = sums.means.as_mut() {
                add_means(m, &run);
            }
        }
        if windows == 0 {
            return Err("the held-out text has no whole window".into());
        }
        let chars = (windows * n) as f32;
        let means = sums.means.take().map(|mut m| {
            scale_means(&mut m, 1.0 / chars, 1.0 / windows as f32);
            m
        });
        let [
            prev,
            prev_top,
            own,
            entropy,
            first,
            first_top,
            max,
            score_std,
        ] = sums.heads;
        let per_char = |v: &mut Vec<f64>| v.iter_mut().for_each(|x| *x /= f64::from(chars));
        for v in [
            &mut streams.norm,
            &mut streams.std,
            &mut streams.agree,
            &mut streams.loss,
            &mut streams.attrs,
        ] {
            per_char(v);
        }
        let per = |g: Vec<Vec<f64>>, d: f64| -> Vec<Vec<f64>> {
            g.into_iter()
                .map(|r| r.into_iter().map(|x| x / d).collect())
                .collect()
        };
        let (rows, word_rows) = (sums.rows, sums.word_rows.max(1.0));
        Ok(Sweep {
            loss: loss / windows as f64,
            windows,
            heads: HeadStats {
                prev: per(prev, rows),
                prev_top: per(prev_top, rows),
                own: per(own, rows),
                entropy: per(entropy, rows),
                first: per(first, word_rows),
                first_top: per(first_top, word_rows),
                max: per(max, rows),
                score_std: per(score_std, rows),
            },
            streams,
            top,
            means,
        })
    }

    /// Means of zero, to sum into.
    fn zero_means(&self) -> Means {
        let c = self.config;
        let v = |n: usize| vec![0.0f32; n];
        Means {
            embed: v(c.d_model),
            pos: v(c.d_model),
            resid: vec![v(c.d_model); c.n_layer + 1],
            head: vec![vec![v(c.d_head); c.n_head]; c.n_layer],
            pattern: vec![vec![Tensor::zeros(c.n_ctx, c.n_ctx); c.n_head]; c.n_layer],
            neuron: vec![v(c.d_ff); c.n_layer],
            attn: vec![v(c.d_model); c.n_layer],
            mlp: vec![v(c.d_model); c.n_layer],
        }
    }
}

impl Sums {
    fn add_heads(&mut self, run: &Run, first: &[Option<usize>]) {
        let n = run.ids.len();
        self.rows += (n - 1) as f64;
        self.word_rows += first.iter().flatten().count() as f64;
        for (l, layer) in run.weights.iter().enumerate() {
            for (h, w) in layer.iter().enumerate() {
                for t in 1..n {
                    let row = &w.row(t)[..=t];
                    let top = argmax(row);
                    self.heads[6][l][h] += f64::from(row[top]);
                    self.heads[7][l][h] += std(&run.scores[l][h].row(t)[..=t]);
                    self.heads[0][l][h] += f64::from(row[t - 1]);
                    self.heads[1][l][h] += f64::from(u8::from(top == t - 1));
                    self.heads[2][l][h] += f64::from(row[t]);
                    self.heads[3][l][h] += entropy(row);
                    if let Some(f) = first[t] {
                        self.heads[4][l][h] += f64::from(row[f]);
                        self.heads[5][l][h] += f64::from(u8::from(top == f));
                    }
                }
            }
        }
    }
}

/// For each character: where its word began, when it is a letter inside a word past
/// the word's first letter and the word began inside the window after a non-letter.
fn first_letters(ids: &[usize], letters: &[bool]) -> Vec<Option<usize>> {
    let mut out = vec![None; ids.len()];
    let mut start = None;
    for (t, &id) in ids.iter().enumerate() {
        if !letters[id] {
            start = None;
            continue;
        }
        match start {
            None => start = Some(t).filter(|&t| t > 0),
            Some(f) => out[t] = Some(f),
        }
    }
    out
}

/// `-ln p` of each next character, averaged over the window (its last prediction is
/// `next`, the character after the window).
fn window_loss(run: &Run, next: usize) -> f64 {
    let n = run.ids.len();
    let total: f64 = (0..n)
        .map(|t| {
            let target = if t + 1 < n { run.ids[t + 1] } else { next };
            -log_softmax_at(run.logits.row(t), target)
        })
        .sum();
    total / n as f64
}

/// Population standard deviation.
fn std(row: &[f32]) -> f64 {
    let n = row.len() as f64;
    let mean = row.iter().map(|&x| f64::from(x)).sum::<f64>() / n;
    let var = row
        .iter()
        .map(|&x| (f64::from(x) - mean).powi(2))
        .sum::<f64>()
        / n;
    var.sqrt()
}

fn entropy(row: &[f32]) -> f64 {
    row.iter()
        .filter(|&&w| w > 0.0)
        .map(|&w| -f64::from(w) * f64::from(w).ln())
        .sum()
}

/// Keeps each neuron's [`TOP_K`] largest activations of this window.
fn keep_top(top: &mut [Vec<(f32, usize)>], hidden: &Tensor, start: usize) {
    for (t, row) in hidden.data.chunks_exact(hidden.cols).enumerate() {
        for (j, &a) in row.iter().enumerate() {
            let kept = &mut top[j];
            if kept.len() == TOP_K && a <= kept[TOP_K - 1].0 {
                continue;
            }
            let at = kept.partition_point(|&(b, _)| b >= a);
            kept.insert(at, (a, start + t));
            kept.truncate(TOP_K);
        }
    }
}

fn add(sum: &mut [f32], t: &Tensor) {
    for row in t.data.chunks_exact(t.cols) {
        for (s, x) in sum.iter_mut().zip(row) {
            *s += x;
        }
    }
}

fn add_means(m: &mut Means, run: &Run) {
    add(&mut m.embed, &run.embed);
    add(&mut m.pos, &run.pos_embed);
    for (s, t) in m.resid.iter_mut().zip(&run.resid) {
        add(s, t);
    }
    for l in 0..run.weights.len() {
        for (h, z) in run.head_out[l].iter().enumerate() {
            add(&mut m.head[l][h], z);
            m.pattern[l][h].add_assign(&run.weights[l][h]);
        }
        add(&mut m.neuron[l], &run.mlp_hidden[l]);
        add(&mut m.attn[l], &run.attn_out[l]);
        add(&mut m.mlp[l], &run.mlp_out[l]);
    }
}

/// Sums to means: `per_char` for rows summed over characters, `per_window` for the
/// patterns (summed once a window).
fn scale_means(m: &mut Means, per_char: f32, per_window: f32) {
    let scale = |v: &mut Vec<f32>| v.iter_mut().for_each(|x| *x *= per_char);
    scale(&mut m.embed);
    scale(&mut m.pos);
    m.resid.iter_mut().for_each(scale);
    m.head.iter_mut().flatten().for_each(scale);
    m.neuron.iter_mut().for_each(scale);
    m.attn.iter_mut().for_each(scale);
    m.mlp.iter_mut().for_each(scale);
    for p in m.pattern.iter_mut().flatten() {
        p.data.iter_mut().for_each(|x| *x *= per_window);
    }
}

/// Induction and duplicate-token scores on `seqs`, random texts each made of one
/// random half repeated (length `2 m`): per head, the mean weight of a character of
/// the second half on the copy of itself (`t - m`, a duplicate-token head) and on the
/// character after it (`t - m + 1`, an induction head); and the loss on each half.
#[derive(Debug, Clone)]
pub struct RepeatStats {
    pub duplicate: Vec<Vec<f64>>,
    pub induction: Vec<Vec<f64>>,
    /// Mean loss over the predictions inside the first half, and inside the second.
    pub loss: [f64; 2],
}

impl Model {
    pub fn repeat_stats(&self, seqs: &[Vec<usize>], edits: &Edits) -> Result<RepeatStats, String> {
        let c = self.config;
        let mut dup = vec![vec![0.0; c.n_head]; c.n_layer];
        let mut ind = dup.clone();
        let (mut loss, mut rows) = ([0.0; 2], 0.0);
        for ids in seqs {
            let n = ids.len();
            let m = n / 2;
            let positions: Vec<Option<usize>> = (0..n).map(Some).collect();
            let run = self.run_edited(ids, &positions, edits)?;
            for l in 0..c.n_layer {
                for h in 0..c.n_head {
                    let w = &run.weights[l][h];
                    for t in m..n {
                        dup[l][h] += f64::from(w.row(t)[t - m]);
                        ind[l][h] += f64::from(w.row(t)[t - m + 1]);
                    }
                }
            }
            // Predictions inside each half; the first character of the repeat (t + 1
            // = m) cannot be predicted, so it counts in neither.
            for t in (0..n - 1).filter(|&t| t + 1 != m) {
                let half = usize::from(t >= m);
                loss[half] -= log_softmax_at(run.logits.row(t), ids[t + 1]);
            }
            rows += m as f64;
        }
        let per = |g: Vec<Vec<f64>>| -> Vec<Vec<f64>> {
            g.into_iter()
                .map(|r| r.into_iter().map(|x| x / rows).collect())
                .collect()
        };
        let count = seqs.len() as f64;
        let m = (seqs.first().map_or(2, Vec::len) / 2) as f64;
        Ok(RepeatStats {
            duplicate: per(dup),
            induction: per(ind),
            loss: [loss[0] / (count * (m - 1.0)), loss[1] / (count * (m - 1.0))],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_s_first_letter_is_found_only_past_it_and_inside_the_window() {
        // "ab cd e": ids 0 = space, 1 = letter.
        let letters = [false, true];
        let ids = [1, 1, 0, 1, 1, 1, 0, 1];
        // The first word starts at 0 (it may have begun before the window): skipped.
        assert_eq!(
            first_letters(&ids, &letters),
            [None, None, None, None, Some(3), Some(3), None, None]
        );
    }

    #[test]
    fn keeps_the_largest_activations_largest_first() {
        let mut top = vec![Vec::new()];
        for w in 0..3 {
            let acts: Vec<f32> = (0..8).map(|t| ((t * 7 + w * 3) % 11) as f32).collect();
            keep_top(&mut top, &Tensor::new(8, 1, acts), 100 * w);
        }
        let kept: Vec<f32> = top[0].iter().map(|&(a, _)| a).collect();
        assert_eq!(kept.len(), TOP_K);
        assert!(kept.windows(2).all(|w| w[0] >= w[1]), "{kept:?}");
        // 10 is made at t = 3 of window 0 and t = 1 of window 1: the earlier stays first.
        assert_eq!(top[0][..2], [(10.0, 3), (10.0, 101)]);
    }
}
