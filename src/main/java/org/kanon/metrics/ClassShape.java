package org.kanon.metrics;

/**
 * The equivalence classes of a release as it shows them ({@code rows} in {@code classes}, the smallest of
 * {@code smallestClass} rows), and the same without the rows suppressed by starring: {@code keptRows} in
 * {@code keptClasses} with {@code keptSquares} the sum of their squared sizes. Starred rows all read {@code *} and so
 * form one class of the release, which is not a class of the anonymization; the discernibility metric charges them
 * otherwise. Without starred rows the kept figures equal the shown ones.
 */
public record ClassShape(long rows, long classes, long smallestClass, long keptRows, long keptClasses, long keptSquares) {

    /** A release without starred rows. */
    public static ClassShape of(long rows, long classes, long smallestClass, long squares) {
        return new ClassShape(rows, classes, smallestClass, rows, classes, squares);
    }
}
