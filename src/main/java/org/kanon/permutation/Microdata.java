package org.kanon.permutation;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.kanon.InvalidInputException;

/**
 * The rows of a table as the permutation paper partitions them: d QI attributes and one sensitive attribute.
 * A numeric attribute keeps its values (NCP measures ranges, Definition 3); any other attribute is coded in the text
 * order of its values (NCP counts distinct values; the order gives Algorithm 2 its extreme tuples). Row r's values
 * are {@link #value(int, int)}; {@link #sensitive(int)} codes the sensitive value.
 */
public final class Microdata {
    private final List<String> names;
    private final boolean[] numeric;
    private final double[][] values;
    private final String[][] labels;
    private final double[] low;
    private final double[] high;
    private final int[] domainSize;
    private final int[] sensitive;
    private final String[] sensitiveValues;
    private final int rows;

    /** One attribute's column as read: raw values (Number for numeric columns), one per row. */
    public record Column(String name, boolean numeric, List<Object> values) {
    }

    private Microdata(List<Column> qis, List<String> sensitiveColumn) {
        this.rows = sensitiveColumn.size();
        int d = qis.size();
        this.names = qis.stream().map(Column::name).toList();
        this.numeric = new boolean[d];
        this.values = new double[d][];
        this.labels = new String[d][];
        this.low = new double[d];
        this.high = new double[d];
        this.domainSize = new int[d];
        for (int i = 0; i < d; i++) {
            Column c = qis.get(i);
            if (c.values().size() != rows) {
                throw new IllegalArgumentException(c.name() + " has " + c.values().size() + " values for " + rows + " rows");
            }
            numeric[i] = c.numeric();
            values[i] = new double[rows];
            if (c.numeric()) {
                double lo = Double.POSITIVE_INFINITY;
                double hi = Double.NEGATIVE_INFINITY;
                java.util.Set<Double> distinct = new java.util.HashSet<>();
                for (int r = 0; r < rows; r++) {
                    Object v = c.values().get(r);
                    if (!(v instanceof Number n)) {
                        throw new InvalidInputException("--qi: " + c.name() + " is numeric but holds " + (v == null ? "NULL" : "'" + v + "'")
                                + "; the permutation paper's NCP needs a value in every row");
                    }
                    values[i][r] = n.doubleValue();
                    lo = Math.min(lo, values[i][r]);
                    hi = Math.max(hi, values[i][r]);
                    distinct.add(values[i][r]);
                }
                low[i] = rows == 0 ? 0 : lo;
                high[i] = rows == 0 ? 0 : hi;
                domainSize[i] = distinct.size();
            } else {
                Dictionary codes = Dictionary.of(c.values().stream().map(v -> v == null ? null : String.valueOf(v)).toList());
                labels[i] = codes.values();
                for (int r = 0; r < rows; r++) {
                    Object v = c.values().get(r);
                    values[i][r] = codes.code(v == null ? null : String.valueOf(v));
                }
                low[i] = 0;
                high[i] = Math.max(0, codes.size() - 1);
                domainSize[i] = codes.size();
            }
        }
        Dictionary s = Dictionary.of(sensitiveColumn);
        this.sensitiveValues = s.values();
        this.sensitive = new int[rows];
        for (int r = 0; r < rows; r++) {
            sensitive[r] = s.code(sensitiveColumn.get(r));
        }
    }

    public static Microdata of(List<Column> qis, List<String> sensitive) {
        return new Microdata(qis, sensitive);
    }

    public int size() {
        return rows;
    }

    public int attributes() {
        return numeric.length;
    }

    public String name(int attribute) {
        return names.get(attribute);
    }

    public boolean numeric(int attribute) {
        return numeric[attribute];
    }

    /** The numeric value, or the code of a categorical value (codes in text order). */
    public double value(int attribute, int row) {
        return values[attribute][row];
    }

    /** The value as read: the number, or the text of a categorical code. */
    public Object raw(int attribute, int row) {
        return numeric[attribute] ? (Object) values[attribute][row] : labels[attribute][(int) values[attribute][row]];
    }

    /** Smallest and largest value (or code) of the attribute over the table: the artificial tuples of Algorithm 2. */
    public double low(int attribute) {
        return low[attribute];
    }

    public double high(int attribute) {
        return high[attribute];
    }

    /** Definition 3's |A_i|: the domain's extent (numeric: largest - smallest) or its number of values. */
    public double domain(int attribute) {
        return numeric[attribute] ? high[attribute] - low[attribute] : domainSize[attribute];
    }

    public int sensitive(int row) {
        return sensitive[row];
    }

    public int sensitiveValueCount() {
        return sensitiveValues.length;
    }

    /** The sensitive value of a code; null for NULL (its own value, as SQL groups it). */
    public String sensitiveValue(int code) {
        return sensitiveValues[code];
    }

    /** Rows per sensitive value code. */
    public long[] sensitiveCounts() {
        long[] c = new long[sensitiveValues.length];
        for (int s : sensitive) {
            c[s]++;
        }
        return c;
    }

    @Override
    public String toString() {
        return rows + " row(s), QI " + names + ", " + sensitiveValues.length + " sensitive value(s) " + Arrays.toString(Arrays.copyOf(sensitiveValues, Math.min(5, sensitiveValues.length)));
    }

    /** Row indexes 0..size-1. */
    public int[] allRows() {
        int[] r = new int[rows];
        for (int i = 0; i < rows; i++) {
            r[i] = i;
        }
        return r;
    }

    /** Text values coded in text order, NULL (when present) first with a code of its own, as SQL's GROUP BY keeps it. */
    private record Dictionary(String[] values, Map<String, Integer> codes, boolean hasNull) {
        static Dictionary of(List<String> column) {
            TreeMap<String, Integer> sorted = new TreeMap<>();
            boolean hasNull = false;
            for (String v : column) {
                if (v == null) {
                    hasNull = true;
                } else {
                    sorted.put(v, 0);
                }
            }
            String[] values = new String[sorted.size() + (hasNull ? 1 : 0)];
            Map<String, Integer> codes = new HashMap<>();
            int code = hasNull ? 1 : 0;
            for (String v : sorted.keySet()) {
                values[code] = v;
                codes.put(v, code++);
            }
            return new Dictionary(values, codes, hasNull);
        }

        int code(String value) {
            return value == null ? 0 : codes.get(value);
        }

        int size() {
            return values.length;
        }
    }
}
