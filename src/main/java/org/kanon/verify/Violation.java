package org.kanon.verify;

/**
 * One thing a release fails: which check, and what exactly. {@code count} is how many failures the line stands for:
 * 1, or N for a line that counts the N failures beyond those listed ("N more class(es) ...").
 */
public record Violation(String check, String detail, long count) {
    public Violation(String check, String detail) {
        this(check, detail, 1);
    }

    /** The line that counts {@code n} further failures of one check, not listed one by one. */
    static Violation more(String check, long n, String detail) {
        return new Violation(check, n + " more " + detail, n);
    }

    @Override
    public String toString() {
        return check + ": " + detail;
    }
}
