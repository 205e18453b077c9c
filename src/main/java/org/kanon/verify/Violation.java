package org.kanon.verify;

/** One thing a release fails: which check, and what exactly. */
public record Violation(String check, String detail) {
    @Override
    public String toString() {
        return check + ": " + detail;
    }
}
