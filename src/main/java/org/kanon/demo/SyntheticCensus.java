package org.kanon.demo;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.kanon.InvalidInputException;

/**
 * A seeded generator of a census-like table for the demo, so that {@code kanon demo} has a table of a
 * realistic shape (a numeric age, masked zip codes, skewed categorical attributes, a rare sensitive value)
 * without shipping third-party data.
 *
 * <p>The configuration is a properties file; the bundled one is {@code datasets/synthetic/census.properties}
 * (on the classpath as {@value #BUNDLED_RESOURCE}) and documents the keys. A second bundled configuration,
 * {@code census-table5.properties} ({@link #TABLE5}), has the permutation paper's Table 5 schema for its scale runs. The whole configuration is
 * validated when it is read, so a bad key or value fails before any file is written. Output is a
 * function of the configuration, the row count and the seed only: every row draws its cells in column
 * order from one {@link SplittableRandom}.
 */
public final class SyntheticCensus {

    /** Classpath location of the bundled configuration (the build copies {@code datasets/} under {@code kanon/}). */
    public static final String BUNDLED_RESOURCE = "kanon/datasets/synthetic/census.properties";

    private static final Set<String> TYPES = Set.of("id", "integer", "categorical", "zipcode");
    private static final Pattern RANGE = Pattern.compile("(\\d+)-(\\d+)");

    private final String source;
    private final int rows;
    private final long seed;
    private final List<Column> columns;

    private SyntheticCensus(String source, int rows, long seed, List<Column> columns) {
        this.source = source;
        this.rows = rows;
        this.seed = seed;
        this.columns = List.copyOf(columns);
    }

    /** The bundled configuration with the permutation paper's Table 5 schema, for its scale runs (100k..500k rows). */
    public static final String TABLE5 = "census-table5";

    /** Reads the configuration bundled in the jar (the demo's census). */
    public static SyntheticCensus load() {
        return load(BUNDLED_RESOURCE);
    }

    /**
     * Reads another configuration bundled in the jar by its name in {@code datasets/synthetic}, without the
     * {@code .properties} suffix, such as {@link #TABLE5}.
     */
    public static SyntheticCensus load(String name) {
        String resource = name.contains("/") ? name : "kanon/datasets/synthetic/" + name + ".properties";
        Properties p = new Properties();
        try (InputStream in = SyntheticCensus.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("bundled resource " + resource + " is missing from the classpath");
            }
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read bundled resource " + resource, e);
        }
        return fromProperties(p, resource);
    }

    /**
     * Builds a generator from a configuration; see the bundled {@code census.properties} for the keys.
     *
     * @throws InvalidInputException naming the key and the value when the configuration is incomplete or wrong
     */
    public static SyntheticCensus fromProperties(Properties p) {
        return fromProperties(p, "census properties");
    }

    /** As {@link #fromProperties(Properties)}; {@code source} names the file in error messages. */
    public static SyntheticCensus fromProperties(Properties p, String source) {
        Reader r = new Reader(p, source);
        int rows = r.positiveInt("rows");
        long seed = r.longValue("seed");
        List<String> names = r.list("columns");
        Set<String> seen = new LinkedHashSet<>();
        List<Column> columns = new ArrayList<>();
        for (String name : names) {
            if (!seen.add(name)) {
                throw r.error("columns", String.join(",", names), "names column '" + name + "' twice");
            }
            columns.add(r.column(name));
        }
        r.rejectUnknownKeys(seen);
        return new SyntheticCensus(source, rows, seed, columns);
    }

    /** Default number of rows from the configuration. */
    public int rows() {
        return rows;
    }

    /** Default seed from the configuration. */
    public long seed() {
        return seed;
    }

    /** Column names in output order (the CSV header). */
    public List<String> columns() {
        return columns.stream().map(Column::name).toList();
    }

    /**
     * Every value the generator can write in a column, sorted: the listed values of a categorical column, all
     * zip codes (prefix x suffix range), all integers of the bands; the id column's domain is not enumerated.
     */
    public List<String> domain(String column) {
        for (Column c : columns) {
            if (c.name().equals(column)) {
                if (c instanceof IdColumn) {
                    throw new IllegalArgumentException("the domain of id column '" + column + "' is not enumerable");
                }
                return c.domain();
            }
        }
        throw new InvalidInputException(source + ": no column '" + column + "'; columns are " + columns());
    }

    /** Writes the configured number of rows with the configured seed. */
    public void writeCsv(Path file) throws IOException {
        writeCsv(file, rows, seed);
    }

    /**
     * Writes a header row and {@code rows} data rows to {@code file} (UTF-8, {@code ,} separator, {@code \n}
     * line ends), replacing it. The same {@code rows} and {@code seed} always give the same bytes.
     */
    public void writeCsv(Path file, int rows, long seed) throws IOException {
        if (rows < 1) {
            throw new InvalidInputException("rows must be at least 1, got " + rows);
        }
        for (Column c : columns) {
            if (c instanceof IdColumn id && String.valueOf(rows).length() > id.digits()) {
                throw new InvalidInputException(source + ": " + id.name() + ".digits=" + id.digits()
                        + " is too small for " + rows + " rows");
            }
        }
        SplittableRandom random = new SplittableRandom(seed);
        CSVFormat format = CSVFormat.DEFAULT.builder()
                .setHeader(columns().toArray(String[]::new))
                .setRecordSeparator("\n")
                .get();
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
             CSVPrinter printer = new CSVPrinter(out, format)) {
            String[] row = new String[columns.size()];
            for (int i = 1; i <= rows; i++) {
                for (int c = 0; c < row.length; c++) {
                    row[c] = columns.get(c).draw(random, i);
                }
                printer.printRecord((Object[]) row);
            }
        }
    }

    // ---------------------------------------------------------------- columns

    private sealed interface Column permits IdColumn, IntegerColumn, CategoricalColumn, ZipcodeColumn {
        String name();

        String draw(SplittableRandom random, int rowNumber);

        List<String> domain();
    }

    private record IdColumn(String name, String prefix, int digits) implements Column {
        @Override
        public String draw(SplittableRandom random, int rowNumber) {
            return prefix + String.format(Locale.ROOT, "%0" + digits + "d", rowNumber);
        }

        @Override
        public List<String> domain() {
            throw new UnsupportedOperationException();
        }
    }

    /** A choice among n options by weight: cumulative sums, one uniform draw, binary search. */
    private record Weights(double[] cumulative) {
        static Weights of(double[] weights) {
            double[] cumulative = new double[weights.length];
            double sum = 0;
            for (int i = 0; i < weights.length; i++) {
                sum += weights[i];
                cumulative[i] = sum;
            }
            return new Weights(cumulative);
        }

        int pick(SplittableRandom random) {
            double x = random.nextDouble() * cumulative[cumulative.length - 1];
            int i = Arrays.binarySearch(cumulative, x);
            i = i >= 0 ? i + 1 : -i - 1; // x == cumulative[i] belongs to the next option
            return Math.min(i, cumulative.length - 1);
        }
    }

    private record IntegerColumn(String name, int[] lows, int[] highs, Weights weights) implements Column {
        @Override
        public String draw(SplittableRandom random, int rowNumber) {
            int band = weights.pick(random);
            return Integer.toString(random.nextInt(lows[band], highs[band] + 1));
        }

        @Override
        public List<String> domain() {
            TreeSet<Integer> values = new TreeSet<>();
            for (int b = 0; b < lows.length; b++) {
                for (int v = lows[b]; v <= highs[b]; v++) {
                    values.add(v);
                }
            }
            return values.stream().map(String::valueOf).toList();
        }
    }

    private record CategoricalColumn(String name, List<String> values, Weights weights) implements Column {
        @Override
        public String draw(SplittableRandom random, int rowNumber) {
            return values.get(weights.pick(random));
        }

        @Override
        public List<String> domain() {
            return List.copyOf(new TreeSet<>(values));
        }
    }

    private record ZipcodeColumn(String name, List<String> prefixes, Weights weights, int suffixLow, int suffixHigh)
            implements Column {
        @Override
        public String draw(SplittableRandom random, int rowNumber) {
            String prefix = prefixes.get(weights.pick(random));
            return prefix + String.format(Locale.ROOT, "%02d", random.nextInt(suffixLow, suffixHigh + 1));
        }

        @Override
        public List<String> domain() {
            TreeSet<String> values = new TreeSet<>();
            for (String p : prefixes) {
                for (int s = suffixLow; s <= suffixHigh; s++) {
                    values.add(p + String.format(Locale.ROOT, "%02d", s));
                }
            }
            return List.copyOf(values);
        }
    }

    // ---------------------------------------------------------------- validation

    /** Reads and checks keys; every failure names the source, the key and the value. */
    private static final class Reader {
        private final Properties p;
        private final String source;

        Reader(Properties p, String source) {
            this.p = p;
            this.source = source;
        }

        InvalidInputException error(String key, String value, String problem) {
            return new InvalidInputException(source + ": " + key + "=" + value + " " + problem);
        }

        String required(String key) {
            String v = p.getProperty(key);
            if (v == null || v.isBlank()) {
                throw new InvalidInputException(source + ": key " + key + " is missing");
            }
            return v.trim();
        }

        int positiveInt(String key) {
            String v = required(key);
            try {
                int n = Integer.parseInt(v);
                if (n < 1) {
                    throw error(key, v, "must be at least 1");
                }
                return n;
            } catch (NumberFormatException e) {
                throw error(key, v, "is not an integer");
            }
        }

        long longValue(String key) {
            String v = required(key);
            try {
                return Long.parseLong(v);
            } catch (NumberFormatException e) {
                throw error(key, v, "is not an integer");
            }
        }

        List<String> list(String key) {
            String v = required(key);
            List<String> items = new ArrayList<>();
            for (String item : v.split(",", -1)) {
                String t = item.trim();
                if (t.isEmpty()) {
                    throw error(key, v, "has an empty item");
                }
                items.add(t);
            }
            return items;
        }

        Column column(String name) {
            String typeKey = name + ".type";
            String type = required(typeKey);
            return switch (type) {
                case "id" -> idColumn(name);
                case "integer" -> integerColumn(name);
                case "categorical" -> categoricalColumn(name);
                case "zipcode" -> zipcodeColumn(name);
                default -> throw error(typeKey, type, "is not one of " + new TreeSet<>(TYPES));
            };
        }

        private Column idColumn(String name) {
            String prefix = p.getProperty(name + ".prefix", "").trim();
            int digits = positiveInt(name + ".digits");
            if (digits > 9) {
                throw error(name + ".digits", String.valueOf(digits), "must be at most 9");
            }
            return new IdColumn(name, prefix, digits);
        }

        private Column integerColumn(String name) {
            String key = name + ".bands";
            String v = required(key);
            List<String[]> items = weighted(key);
            int[] lows = new int[items.size()];
            int[] highs = new int[items.size()];
            double[] weights = new double[items.size()];
            for (int i = 0; i < items.size(); i++) {
                int[] range = range(key, v, items.get(i)[0], Integer.MAX_VALUE - 1);
                lows[i] = range[0];
                highs[i] = range[1];
                weights[i] = weight(key, v, items.get(i)[1]);
            }
            return new IntegerColumn(name, lows, highs, Weights.of(weights));
        }

        private Column categoricalColumn(String name) {
            String key = name + ".values";
            String v = required(key);
            List<String[]> items = weighted(key);
            List<String> values = new ArrayList<>();
            double[] weights = new double[items.size()];
            for (int i = 0; i < items.size(); i++) {
                String value = items.get(i)[0];
                if (values.contains(value)) {
                    throw error(key, v, "lists value '" + value + "' twice");
                }
                values.add(value);
                weights[i] = weight(key, v, items.get(i)[1]);
            }
            return new CategoricalColumn(name, values, Weights.of(weights));
        }

        private Column zipcodeColumn(String name) {
            String key = name + ".prefixes";
            String v = required(key);
            List<String[]> items = weighted(key);
            List<String> prefixes = new ArrayList<>();
            double[] weights = new double[items.size()];
            for (int i = 0; i < items.size(); i++) {
                String prefix = items.get(i)[0];
                if (!prefix.matches("\\d{3}")) {
                    throw error(key, v, "has prefix '" + prefix + "', expected 3 digits");
                }
                if (prefixes.contains(prefix)) {
                    throw error(key, v, "lists prefix '" + prefix + "' twice");
                }
                prefixes.add(prefix);
                weights[i] = weight(key, v, items.get(i)[1]);
            }
            String suffixKey = name + ".suffixes";
            String suffixes = required(suffixKey);
            int[] range = range(suffixKey, suffixes, suffixes, 99);
            return new ZipcodeColumn(name, prefixes, Weights.of(weights), range[0], range[1]);
        }

        /** Splits {@code a:1,b:2} into pairs; the weight follows the last {@code :} so values may hold one. */
        private List<String[]> weighted(String key) {
            String v = required(key);
            List<String[]> pairs = new ArrayList<>();
            for (String item : list(key)) {
                int colon = item.lastIndexOf(':');
                if (colon <= 0 || colon == item.length() - 1) {
                    throw error(key, v, "has item '" + item + "', expected <value>:<weight>");
                }
                pairs.add(new String[] {item.substring(0, colon).trim(), item.substring(colon + 1).trim()});
            }
            return pairs;
        }

        private double weight(String key, String v, String weight) {
            try {
                double w = Double.parseDouble(weight);
                if (!(w > 0) || Double.isInfinite(w)) {
                    throw error(key, v, "has weight '" + weight + "', expected a positive number");
                }
                return w;
            } catch (NumberFormatException e) {
                throw error(key, v, "has weight '" + weight + "', expected a positive number");
            }
        }

        private int[] range(String key, String v, String text, int max) {
            Matcher m = RANGE.matcher(text);
            if (!m.matches()) {
                throw error(key, v, "has range '" + text + "', expected <min>-<max>");
            }
            try {
                int lo = Integer.parseInt(m.group(1));
                int hi = Integer.parseInt(m.group(2));
                if (lo > hi || hi > max) {
                    throw error(key, v, "has range '" + text + "', expected min <= max <= " + max);
                }
                return new int[] {lo, hi};
            } catch (NumberFormatException e) {
                throw error(key, v, "has range '" + text + "' out of the integer range");
            }
        }

        /** A key that is neither global nor {@code <column>.<something>} is almost always a typo. */
        void rejectUnknownKeys(Set<String> columnNames) {
            for (String key : new TreeSet<>(p.stringPropertyNames())) {
                if (key.equals("rows") || key.equals("seed") || key.equals("columns")) {
                    continue;
                }
                int dot = key.lastIndexOf('.');
                String column = dot < 0 ? key : key.substring(0, dot);
                String attribute = dot < 0 ? "" : key.substring(dot + 1);
                if (!columnNames.contains(column) || !knownAttribute(column, attribute)) {
                    throw error(key, p.getProperty(key), "is not a known key (columns are " + columnNames + ")");
                }
            }
        }

        private boolean knownAttribute(String column, String attribute) {
            return switch (p.getProperty(column + ".type", "").trim()) {
                case "id" -> Set.of("type", "prefix", "digits").contains(attribute);
                case "integer" -> Set.of("type", "bands").contains(attribute);
                case "categorical" -> Set.of("type", "values").contains(attribute);
                case "zipcode" -> Set.of("type", "prefixes", "suffixes").contains(attribute);
                default -> false;
            };
        }
    }
}
