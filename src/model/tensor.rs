//! The model's one numeric type: a row-major f32 matrix, on its own so that loading the
//! weights and running them both use it without importing each other; and the two
//! things every reader of a row of logits asks (its largest entry, a log-probability).

use super::kernel;

/// A row-major f32 matrix (a vector is one row).
#[derive(Debug, Clone, PartialEq)]
pub struct Tensor {
    pub(super) rows: usize,
    pub(super) cols: usize,
    pub(super) data: Vec<f32>,
}

impl Tensor {
    /// Callers guarantee `data.len() == rows * cols`.
    pub(crate) fn new(rows: usize, cols: usize, data: Vec<f32>) -> Tensor {
        debug_assert_eq!(data.len(), rows * cols);
        Tensor { rows, cols, data }
    }

    pub(super) fn zeros(rows: usize, cols: usize) -> Tensor {
        Tensor::new(rows, cols, vec![0.0; rows * cols])
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The entries, row-major.
    pub fn data(&self) -> &[f32] {
        &self.data
    }

    pub fn row(&self, i: usize) -> &[f32] {
        &self.data[i * self.cols..(i + 1) * self.cols]
    }

    /// Columns `from..to` (a head's slice of `W_Q`, `W_K`, `W_V`).
    pub fn columns(&self, from: usize, to: usize) -> Tensor {
        let data = (0..self.rows)
            .flat_map(|i| self.row(i)[from..to].iter().copied())
            .collect();
        Tensor::new(self.rows, to - from, data)
    }

    /// Rows `from..to` (a head's slice of `W_O`).
    pub fn row_range(&self, from: usize, to: usize) -> Tensor {
        Tensor::new(
            to - from,
            self.cols,
            self.data[from * self.cols..to * self.cols].to_vec(),
        )
    }

    /// `self @ other` (see `kernel` for how it is made fast).
    pub(super) fn matmul(&self, other: &Tensor) -> Tensor {
        let mut out = Tensor::zeros(self.rows, other.cols);
        kernel::matmul(
            &self.data,
            &other.data,
            self.cols,
            other.cols,
            &mut out.data,
        );
        out
    }

    /// The transpose (the unembedding, `tok_embᵀ`, is made once at load).
    pub(crate) fn transpose(&self) -> Tensor {
        let data = (0..self.cols)
            .flat_map(|j| (0..self.rows).map(move |i| self.data[i * self.cols + j]))
            .collect();
        Tensor::new(self.cols, self.rows, data)
    }

    pub(super) fn add_assign(&mut self, other: &Tensor) {
        for (a, b) in self.data.iter_mut().zip(&other.data) {
            *a += b;
        }
    }

    /// Adds the vector `bias` to every row.
    pub(super) fn add_row(&mut self, bias: &Tensor) {
        for row in self.data.chunks_exact_mut(self.cols) {
            for (a, b) in row.iter_mut().zip(&bias.data) {
                *a += b;
            }
        }
    }
}

/// The index of the largest entry (the first of equal ones).
pub fn argmax(row: &[f32]) -> usize {
    (0..row.len()).fold(0, |best, i| if row[i] > row[best] { i } else { best })
}

/// `ln softmax(row)[i]`, in f64.
pub fn log_softmax_at(row: &[f32], i: usize) -> f64 {
    let max = row
        .iter()
        .fold(f64::NEG_INFINITY, |m, &x| m.max(f64::from(x)));
    let total: f64 = row.iter().map(|&x| (f64::from(x) - max).exp()).sum();
    f64::from(row[i]) - max - total.ln()
}
