use super::*;
#[test]
fn probe() {
    let g = started("");
    println!("{}", g.position());
    println!("{:?}", g.status());
    println!("{}", notations(&g, Seat::White).join(" | "));
    let v = g.view(crate::rules::Viewer::Seat(Seat::Black));
    println!(
        "{}",
        serde_json::to_string_pretty(&crate::rules::View::present(&v)).unwrap()
    );
    println!("{}", g.perft(1));
    println!("{}", g.perft(2));
    let g2 = at(&g.position(), "");
    assert_eq!(g2.position(), g.position());
}
