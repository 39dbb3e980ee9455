// Migrations are embedded by `sqlx::migrate!`; a new migration file must
// trigger a rebuild.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
