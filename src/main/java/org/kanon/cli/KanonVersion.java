package org.kanon.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/**
 * {@code kanon --version}: the Maven project version, from a resource the build filters (so it is also right when
 * kanon runs from {@code target/classes}), else from the jar manifest's Implementation-Version.
 */
final class KanonVersion implements CommandLine.IVersionProvider {
    static final String RESOURCE = "version.properties";

    @Override
    public String[] getVersion() {
        return new String[] {"kanon " + version()};
    }

    static String version() {
        try (InputStream in = KanonVersion.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                String v = p.getProperty("version", "");
                if (!v.isBlank() && !v.startsWith("${")) {
                    return v.trim();
                }
            }
        } catch (IOException e) {
            // fall through to the manifest
        }
        String manifest = KanonVersion.class.getPackage().getImplementationVersion();
        return manifest == null ? "unknown" : manifest;
    }
}
