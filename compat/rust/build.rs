// Records the resolved foundationdb-tuple version (from Cargo.lock) for the
// adapter's hello, so the report names the version actually built.
fn main() {
    let lock = std::fs::read_to_string("Cargo.lock").unwrap_or_default();
    let mut version = "unknown".to_string();
    let mut in_pkg = false;
    for line in lock.lines() {
        if line.starts_with("name = ") {
            in_pkg = line == "name = \"foundationdb-tuple\"";
        } else if in_pkg && line.starts_with("version = ") {
            version = line.trim_start_matches("version = ").trim_matches('"').to_string();
            break;
        }
    }
    println!("cargo:rustc-env=FDB_TUPLE_VERSION={}", version);
    println!("cargo:rerun-if-changed=Cargo.lock");
}
