// criterion.rs benchmarks of src/lib.rs.  `check` is benchmarked only when
// its result is right: before the fix it is left out (its test fails), as
// a harness that skips a broken benchmark does.
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use harness::{check, spin, sum};

fn benches(c: &mut Criterion) {
    c.bench_function("spin", |b| b.iter(spin));
    if check() == 42 {
        c.bench_function("check", |b| b.iter(|| black_box(check())));
    } else {
        eprintln!("check: wrong result {}, not benchmarked", check());
    }
    let mut g = c.benchmark_group("scale");
    for n in [1000u64, 4000] {
        g.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, &n| b.iter(|| sum(n)));
    }
    g.finish();
}

criterion_group!(all, benches);
criterion_main!(all);
