package org.kanon.testing;

import java.lang.reflect.Method;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;

import static org.junit.jupiter.api.Assumptions.abort;

/**
 * The one place tests get their databases from: one invocation of a {@link DatabaseTest} per available kind, whose
 * parameters it resolves and whose databases it drops when the invocation ends, passed or failed. A test that needs two
 * databases of its kind declares two parameters.
 */
public final class TestDatabaseExtension implements TestTemplateInvocationContextProvider {

    @Override
    public boolean supportsTestTemplate(ExtensionContext context) {
        return context.getTestMethod().map(m -> m.isAnnotationPresent(DatabaseTest.class)).orElse(false);
    }

    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
        Method method = context.getRequiredTestMethod();
        List<TestDatabases.Kind> wanted = Arrays.asList(method.getAnnotation(DatabaseTest.class).only());
        List<TestDatabases.Kind> kinds = TestDatabases.kinds().stream().filter(k -> wanted.isEmpty() || wanted.contains(k)).toList();
        if (kinds.isEmpty()) {
            return Stream.of(new Absent(wanted));
        }
        return kinds.stream().map(Invocation::new);
    }

    /** One kind's run of the test: its display name is the kind, as a parameterized test's was. */
    private record Invocation(TestDatabases.Kind kind) implements TestTemplateInvocationContext {
        @Override
        public String getDisplayName(int invocationIndex) {
            return kind.name();
        }

        @Override
        public List<Extension> getAdditionalExtensions() {
            return List.of(new Databases(kind));
        }
    }

    /** The test's parameters for one kind, and what they opened, closed in reverse order after the test. */
    private static final class Databases implements ParameterResolver, AfterEachCallback {
        private final TestDatabases.Kind kind;
        private final Deque<AutoCloseable> opened = new ArrayDeque<>();

        Databases(TestDatabases.Kind kind) {
            this.kind = kind;
        }

        @Override
        public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
            Class<?> type = parameter.getParameter().getType();
            return type == TestDatabases.Kind.class || type == ConnectionSettings.class || type == Database.class
                    || type == AdultFixture.class;
        }

        @Override
        public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
            Class<?> type = parameter.getParameter().getType();
            if (type == TestDatabases.Kind.class) {
                return kind;
            }
            if (type == AdultFixture.class) {
                return AdultFixture.of(kind);
            }
            ConnectionSettings settings = parameter.isAnnotated(NeverOpened.class) ? TestDatabases.fresh(kind) : TestDatabases.migrated(kind);
            opened.push(() -> TestDatabases.dispose(settings));
            if (type == Database.class) {
                Database db = Database.open(settings);
                opened.push(db);
                return db;
            }
            return settings;
        }

        @Override
        public void afterEach(ExtensionContext context) throws Exception {
            Exception first = null;
            while (!opened.isEmpty()) {
                try {
                    opened.pop().close();
                } catch (Exception e) {
                    if (first == null) {
                        first = e;
                    } else {
                        first.addSuppressed(e);
                    }
                }
            }
            if (first != null) {
                throw first;
            }
        }
    }

    /** No kind the test asks for is configured here: one skipped run that says which variables would bring them. */
    private record Absent(List<TestDatabases.Kind> wanted) implements TestTemplateInvocationContext {
        @Override
        public String getDisplayName(int invocationIndex) {
            return "no database";
        }

        @Override
        public List<Extension> getAdditionalExtensions() {
            return List.of((BeforeEachCallback) context -> abort("needs " + wanted + ": set "
                    + TestDatabases.PG_VARIABLE + " or " + TestDatabases.MARIADB_VARIABLE
                    + " (.ci/run sets both), or widen " + TestDatabases.ONLY_VARIABLE));
        }
    }
}
