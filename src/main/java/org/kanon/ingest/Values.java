package org.kanon.ingest;

/** Shapes CSV text for messages: values are personal data, so at most one short excerpt ever leaves. */
final class Values {
    static final int MAX_SHOWN = 40;

    private Values() {
    }

    static String shorten(String value) {
        String oneLine = value.replace("\r", "\\r").replace("\n", "\\n");
        return oneLine.length() <= MAX_SHOWN ? oneLine : oneLine.substring(0, MAX_SHOWN) + "...";
    }
}
