//! The text the model was measured on: the held-out 5 % of its training text
//! (`heldout.txt`, never trained on) and the bigram counts of the other 95 %
//! (`bigrams.txt`, lines `i j count` of token ids), from which the unigram and bigram
//! baselines are made. Both files come with the weights; a course given with
//! `--course DIR` is untrusted, so both are bounded and every line is checked.

use super::load::Model;

/// The most characters of held-out text read: a statistic over all of it stays a
/// bounded number of forward passes (256 windows of 64).
pub const MAX_HELDOUT_CHARS: usize = 16_384;

/// The most lines of bigram counts (one per pair of the vocabulary at most).
const MAX_BIGRAM_LINES: usize = 1 << 16;

/// The held-out text as token ids, and the training text's bigram counts.
#[derive(Debug, Clone)]
pub struct Heldout {
    pub ids: Vec<usize>,
    /// `vocab x vocab`, row-major: how often id `j` followed id `i` in training.
    bigrams: Vec<u64>,
    vocab: usize,
}

impl Heldout {
    /// Reads the two files' contents for `model`, or says what is wrong and where.
    pub fn parse(model: &Model, text: &str, bigrams: &str) -> Result<Heldout, String> {
        let n = text.chars().count();
        if n > MAX_HELDOUT_CHARS {
            return Err(format!(
                "the held-out text has {n} characters; at most {MAX_HELDOUT_CHARS} are read"
            ));
        }
        let window = model.config.n_ctx + 1;
        if n < window + 1 {
            return Err(format!(
                "the held-out text has {n} characters; a window needs {}",
                window + 1
            ));
        }
        let ids = model
            .encode(text)
            .map_err(|e| format!("the held-out text: {e}"))?;
        let vocab = model.config.vocab;
        let mut counts = vec![0u64; vocab * vocab];
        for (k, line) in bigrams.lines().enumerate() {
            if k >= MAX_BIGRAM_LINES {
                return Err(format!("bigrams: more than {MAX_BIGRAM_LINES} lines"));
            }
            let fields: Vec<&str> = line.split(' ').collect();
            let parsed: Option<Vec<u64>> = fields.iter().map(|f| f.parse().ok()).collect();
            match parsed.as_deref() {
                Some(&[i, j, c]) if (i as usize) < vocab && (j as usize) < vocab && c < 1 << 40 => {
                    counts[i as usize * vocab + j as usize] += c;
                }
                _ => {
                    return Err(format!(
                        "bigrams line {}: expected \"i j count\" with ids below {vocab}",
                        k + 1
                    ));
                }
            }
        }
        Ok(Heldout {
            ids,
            bigrams: counts,
            vocab,
        })
    }

    /// Where each window of [`Model::sweep`] starts: every `n_ctx` characters while
    /// `n_ctx + 1` remain (inputs and the next character), as `train.py` measured.
    pub fn window_starts(&self, n_ctx: usize) -> impl Iterator<Item = usize> {
        (0..self.ids.len().saturating_sub(n_ctx + 1)).step_by(n_ctx)
    }

    /// `-ln p(next)` of each prediction in `ids` (n - 1 of them) under the add-one
    /// unigram (`order` 1: how often each character was predicted in training) or
    /// bigram (`order` 2) model of the training text.
    pub fn ngram_losses(&self, order: usize, ids: &[usize]) -> Vec<f64> {
        let v = self.vocab;
        let unigram: Vec<f64> = (0..v)
            .map(|j| (0..v).map(|i| self.bigrams[i * v + j]).sum::<u64>() as f64)
            .collect();
        let total: f64 = unigram.iter().sum();
        ids.windows(2)
            .map(|w| {
                let p = if order == 1 {
                    (unigram[w[1]] + 1.0) / (total + v as f64)
                } else {
                    let row = &self.bigrams[w[0] * v..(w[0] + 1) * v];
                    let sum: u64 = row.iter().sum();
                    (row[w[1]] as f64 + 1.0) / (sum as f64 + v as f64)
                };
                -p.ln()
            })
            .collect()
    }
}
