package org.kanon.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Writes each test class's {@link TestCosts} ledger to target/test-costs/&lt;pid&gt;.tsv when the class ends (one file per
 * test JVM, so forks never write into one file): the breakdown src/test/bench/test-times.sh joins to Surefire's times.
 * Registered through META-INF/services, so every run of the suite records it.
 */
public final class TestCostListener implements TestExecutionListener {
    private static final Path FOLDER = Path.of("target", "test-costs");

    /**
     * A new build starts a new ledger: files written before the build began (pom.xml passes its start) are an earlier
     * build's; without it, those written before this JVM started (forks start together).
     */
    @Override
    public void testPlanExecutionStarted(TestPlan plan) {
        String build = System.getProperty("kanon.test.buildStarted", "");
        java.time.Instant started = build.matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ") ? java.time.Instant.parse(build)
                : ProcessHandle.current().info().startInstant().orElse(java.time.Instant.EPOCH);
        try (var files = Files.list(FOLDER)) {
            for (Path f : files.toList()) {
                if (Files.getLastModifiedTime(f).toInstant().isBefore(started)) {
                    Files.deleteIfExists(f);
                }
            }
        } catch (java.nio.file.NoSuchFileException none) {
            // the first run here
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void executionStarted(TestIdentifier test) {
        if (isClass(test)) {
            TestCosts.drain(); // whatever ran between classes is nobody's
        }
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (!isClass(test)) {
            return;
        }
        String name = ((ClassSource) test.getSource().orElseThrow()).getClassName();
        Path file = FOLDER.resolve(ProcessHandle.current().pid() + ".tsv");
        try {
            Files.createDirectories(FOLDER);
            String line = name + TestCosts.drain() + "\n";
            if (Files.notExists(file)) {
                line = "class" + TestCosts.header() + "\n" + line;
            }
            Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean isClass(TestIdentifier test) {
        return test.getSource().filter(ClassSource.class::isInstance).isPresent()
                && test.getUniqueIdObject().getLastSegment().getType().equals("class"); // not a nested class
    }
}
