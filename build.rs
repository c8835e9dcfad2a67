//! Makes cargo rebuild when a lesson changes. The course is embedded with `include_dir`,
//! which on stable Rust cannot tell cargo which files it read (include_dir#77), so without
//! this line an edited lesson would not reach the binary.

fn main() {
    println!("cargo:rerun-if-changed=lessons");
}
