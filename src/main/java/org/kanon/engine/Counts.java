package org.kanon.engine;

/** A count with its noun in the right number for English output: "1 class", "2 classes", "1 row", "1,000 rows". */
public final class Counts {
    private Counts() {
    }

    public static String classes(long n) {
        return of(n, "class", "classes");
    }

    public static String rows(long n) {
        return of(n, "row", "rows");
    }

    public static String of(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
