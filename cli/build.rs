//! Links the `grundy` binary as a position-dependent executable where the
//! target is Linux: a position-independent one spends most of a small
//! run's start-up relocating itself (about 16,000 relocations over 270 KB
//! of tables, 190 of its 270 page faults; docs/PERFORMANCE.md, "Fixed
//! costs"), which a fixed load address resolves when linking. The
//! library, its tests and the Python module are unchanged.

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bin=grundy=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
