//! The shipped model computes what its training framework computed: the logits of the
//! stored prompt, written by `lessons/model/train.py` with JAX, agree to 1e-4 — through
//! the model library and through the evaluator (the embedded copy, a string literal).

use attn_course::eval::{Env, Value, run};
use attn_course::model::Model;
use safetensors::SafeTensors;

const WEIGHTS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/lessons/model/weights.safetensors"
);
const REFERENCE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/model_reference.safetensors"
);

/// The prompt, its token ids and JAX's logits (row-major, n x vocab).
fn reference() -> (String, Vec<usize>, Vec<f32>) {
    let bytes = std::fs::read(REFERENCE).expect("the reference file is in the repository");
    let file = SafeTensors::deserialize(&bytes).expect("a safetensors file");
    let floats = |name: &str| -> Vec<f32> {
        let view = file.tensor(name).expect("the tensor is there");
        view.data()
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect()
    };
    let (_, meta) = SafeTensors::read_metadata(&bytes).expect("a header");
    let prompt = meta.metadata().as_ref().expect("metadata")["prompt"].clone();
    let ids = floats("ids").into_iter().map(|x| x as usize).collect();
    (prompt, ids, floats("logits"))
}

fn assert_close(got: &[f64], want: &[f32]) {
    assert_eq!(got.len(), want.len());
    let worst = got
        .iter()
        .zip(want)
        .map(|(g, w)| (g - f64::from(*w)).abs())
        .fold(0.0, f64::max);
    assert!(worst < 1e-4, "largest difference {worst}");
}

#[test]
fn the_model_library_reproduces_jax_logits() {
    let model = Model::from_bytes(&std::fs::read(WEIGHTS).expect("weights")).expect("loads");
    let (prompt, ids, want) = reference();
    assert_eq!(model.encode(&prompt).expect("encodes"), ids);
    let positions: Vec<Option<usize>> = (0..ids.len()).map(Some).collect();
    let run = model.run(&ids, &positions).expect("runs");
    let got: Vec<f64> = run.logits.data().iter().map(|&x| f64::from(x)).collect();
    assert_close(&got, &want);
}

#[test]
fn the_evaluator_reproduces_jax_logits_from_the_embedded_model() {
    let (prompt, _, want) = reference();
    let src = format!("logits(\"{prompt}\")");
    let value = run(&src, &mut Env::new()).expect("evaluates");
    let Value::Matrix(m) = &value else {
        panic!("a matrix, got {value:?}")
    };
    assert_eq!(m.rows(), prompt.chars().count());
    assert_close(m.data(), &want);
}
