package org.kanon.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A test fixture that opens a local HTML file in a real headless Chromium and reports what a reader's browser would
 * see: console errors and warnings, uncaught exceptions, every request that leaves the file (a self-contained report
 * makes none), the values of JavaScript expressions, the page's height, and a PNG screenshot.
 *
 * <p>It speaks the Chrome DevTools Protocol (CDP) over {@link java.net.http.WebSocket}: Chromium starts with
 * {@code --remote-debugging-port=0} and a new empty profile, writes the port it chose to
 * {@code <profile>/DevToolsActivePort}, and the fixture attaches to its one page target. With the Runtime, Log,
 * Network and Page domains enabled before the navigation, nothing the page does escapes it:
 * <ul>
 *   <li>{@code Runtime.consoleAPICalled} — {@code console.error/assert} (errors) and {@code console.warn} (warnings);
 *   <li>{@code Runtime.exceptionThrown} — uncaught exceptions and unhandled promise rejections;
 *   <li>{@code Log.entryAdded} — what the browser itself logs (a resource that failed to load, a CSP violation...);
 *   <li>{@code Network.requestWillBeSent} / {@code Network.loadingFailed} — every request and every failure.
 * </ul>
 * Requests to {@code http(s)://} and {@code ws(s)://} are blocked ({@code Network.setBlockedURLs}) rather than sent:
 * they are still reported (as foreign and as failed), the rendering is the one a reader without network gets, and a
 * test never waits on a host that does not answer.
 *
 * <p>Every {@link #render} starts its own browser and profile and, whatever happens, ends the browser (politely with
 * {@code Browser.close}, then {@link Process#destroyForcibly()} on it and its descendants) and deletes the profile.
 * The rendering has a deadline (60 s by default): a wait that passes it fails with a {@link TimeoutException} naming
 * what it waited for.
 * A rendering takes about two seconds, most of it the browser's start.
 */
public final class HeadlessChromium {
    /** Environment variable naming the browser executable (CI sets it to Debian's {@code chromium}). */
    public static final String ENV = "KANON_TEST_CHROMIUM";

    /**
     * The flags every run uses. The machines the tests run on have no internet: without the flags that stop
     * background networking (component updates, sync, first-run pings, QUIC probes) Chromium keeps opening
     * connections that are refused. {@code --no-sandbox}: CI runs as root.
     */
    static final List<String> FLAGS = List.of("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
            "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--disable-extensions", "--disable-default-apps",
            "--disable-dev-shm-usage", "--hide-scrollbars", "--mute-audio", "--remote-debugging-port=0");

    /** URL patterns blocked in the page: anything that would leave the machine. */
    private static final List<String> BLOCKED = List.of("http://*", "https://*", "ws://*", "wss://*", "ftp://*");

    private final Path executable;

    private HeadlessChromium(Path executable) {
        this.executable = executable;
    }

    /** The browser: {@value #ENV} if set, else {@code /usr/bin/chromium}, else {@code chromium} on the PATH. */
    public static Optional<HeadlessChromium> find() {
        String env = System.getenv(ENV);
        if (env != null && !env.isBlank()) {
            Path p = Path.of(env.trim());
            return Files.isExecutable(p) ? Optional.of(new HeadlessChromium(p)) : Optional.empty();
        }
        Path debian = Path.of("/usr/bin/chromium");
        if (Files.isExecutable(debian)) {
            return Optional.of(new HeadlessChromium(debian));
        }
        String path = Objects.requireNonNullElse(System.getenv("PATH"), "");
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "chromium"))) {
                return Optional.of(new HeadlessChromium(Path.of(dir, "chromium")));
            }
        }
        return Optional.empty();
    }

    /** The browser, or the calling test is skipped (JUnit assumption) with a message that says how to get one. */
    public static HeadlessChromium require() {
        Optional<HeadlessChromium> found = find();
        String env = System.getenv(ENV);
        Assumptions.assumeTrue(found.isPresent(), () -> (env != null && !env.isBlank()
                ? ENV + "=" + env + " is not an executable"
                : "no Chromium (" + ENV + " unset, no /usr/bin/chromium, no chromium on the PATH)")
                + ": browser tests skipped; install it with `apt-get install -y chromium` (.ci/run does)");
        return found.get();
    }

    public Path executable() {
        return executable;
    }

    /**
     * What to render and what to bring back.
     *
     * @param html        the local HTML file
     * @param expressions JavaScript expressions evaluated after the load event (a promise is awaited); their JSON
     *                    values come back in {@link Rendering#values()}
     * @param screenshot  where to write a PNG, or null for none
     * @param width       the viewport width in CSS pixels (the device scale factor is 1, so also the PNG's width)
     * @param height      the viewport height
     * @param fullPage    the screenshot covers the whole page height rather than the viewport
     * @param timeout     deadline of the whole rendering (browser start, load, commands); stopping the
     *                    browser afterwards takes at most ~20 s more, when it has to be killed
     */
    public record Request(Path html, List<String> expressions, Path screenshot, int width, int height,
                          boolean fullPage, Duration timeout) {
        public Request {
            Objects.requireNonNull(html, "html");
            expressions = List.copyOf(expressions);
            if (width <= 0 || height <= 0) {
                throw new IllegalArgumentException("viewport " + width + "x" + height);
            }
            Objects.requireNonNull(timeout, "timeout");
        }

        /** A 1200x800 viewport, full-page screenshot (if one is asked for), no expressions, 60 s per wait. */
        public static Request of(Path html) {
            return new Request(html, List.of(), null, 1200, 800, true, Duration.ofSeconds(60));
        }

        public Request expressions(String... more) {
            List<String> all = new ArrayList<>(expressions);
            all.addAll(List.of(more));
            return new Request(html, all, screenshot, width, height, fullPage, timeout);
        }

        public Request screenshot(Path png) {
            return new Request(html, expressions, png, width, height, fullPage, timeout);
        }

        public Request viewport(int w, int h) {
            return new Request(html, expressions, screenshot, w, h, fullPage, timeout);
        }

        public Request fullPage(boolean full) {
            return new Request(html, expressions, screenshot, width, height, full, timeout);
        }

        public Request timeout(Duration t) {
            return new Request(html, expressions, screenshot, width, height, fullPage, t);
        }
    }

    /**
     * What the browser saw.
     *
     * @param url             the file's URL
     * @param consoleErrors   {@code console.error}/{@code console.assert} calls and browser log entries at level error
     * @param consoleWarnings {@code console.warn} calls and browser log entries at level warning
     * @param exceptions      uncaught exceptions and unhandled rejections
     * @param foreignRequests URLs of the requests that are neither the file itself nor a {@code data:} URL
     * @param failedRequests  "URL: reason" of every request that failed (blocked ones included)
     * @param values          each requested expression's value (JSON: String, Long, Double, Boolean, List, Map, null)
     * @param pageHeight      the height of the laid-out page in CSS pixels
     * @param screenshot      the PNG written, or null
     * @param elapsed         wall time from the browser's start to the screenshot (stopping it takes ~0.3 s more)
     */
    public record Rendering(String url, List<String> consoleErrors, List<String> consoleWarnings,
                            List<String> exceptions, List<String> foreignRequests, List<String> failedRequests,
                            Map<String, Object> values, double pageHeight, Path screenshot, Duration elapsed) {
        public Rendering {
            consoleErrors = List.copyOf(consoleErrors);
            consoleWarnings = List.copyOf(consoleWarnings);
            exceptions = List.copyOf(exceptions);
            foreignRequests = List.copyOf(foreignRequests);
            failedRequests = List.copyOf(failedRequests);
            values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        }

        /** The value of a requested expression. */
        public Object value(String expression) {
            if (!values.containsKey(expression)) {
                throw new IllegalArgumentException("not a requested expression: " + expression);
            }
            return values.get(expression);
        }

        /** The value of a requested expression that yields a number. */
        public double number(String expression) {
            Object v = value(expression);
            if (!(v instanceof Number n)) {
                throw new IllegalStateException(expression + " is " + v + ", not a number");
            }
            return n.doubleValue();
        }

        /** Errors, exceptions and requests that leave the file, one line each; empty for a clean page. */
        public List<String> problems() {
            List<String> out = new ArrayList<>();
            consoleErrors.forEach(e -> out.add("console error: " + e));
            exceptions.forEach(e -> out.add("uncaught: " + e));
            foreignRequests.forEach(r -> out.add("request outside the file: " + r));
            failedRequests.forEach(r -> out.add("failed request: " + r));
            return out;
        }
    }

    /** Renders with the defaults of {@link Request#of}. */
    public Rendering render(Path html) throws IOException, InterruptedException, TimeoutException {
        return render(Request.of(html));
    }

    /** Starts a browser, renders the file, collects what {@link Rendering} lists, and ends the browser. */
    public Rendering render(Request request) throws IOException, InterruptedException, TimeoutException {
        long started = System.nanoTime();
        Path html = request.html().toAbsolutePath().normalize();
        if (!Files.isRegularFile(html)) {
            throw new IOException("no such file: " + html);
        }
        String url = html.toUri().toString();
        long deadline = System.nanoTime() + request.timeout().toNanos();
        Path work = Files.createTempDirectory("kanon-chromium-");
        Path profile = Files.createDirectory(work.resolve("profile"));
        Path log = work.resolve("chromium.log");
        List<String> command = new ArrayList<>();
        command.add(executable.toString());
        command.addAll(FLAGS);
        command.add("--user-data-dir=" + profile);
        command.add("about:blank");
        Process browser = null;
        Cdp cdp = null;
        try {
            browser = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            long launched = System.nanoTime();
            browser.onExit().thenRun(() -> org.kanon.testing.TestCosts.add(org.kanon.testing.TestCosts.Cost.BROWSER, System.nanoTime() - launched));
            URI endpoint = pageEndpoint(browser, profile, log, deadline);
            cdp = Cdp.connect(endpoint, url, remaining(deadline, "the DevTools WebSocket of " + endpoint));
            return cdp.render(request, url, deadline, started);
        } catch (IOException | TimeoutException | RuntimeException e) {
            // the browser's own words help most when it would not start or crashed
            String tail = tail(log, 15);
            if (!tail.isEmpty()) {
                e.addSuppressed(new RuntimeException("chromium's output (last lines):\n" + tail));
            }
            throw e;
        } finally {
            if (cdp != null) {
                cdp.closeBrowser();
            }
            if (browser != null) {
                stop(browser);
            }
            deleteTree(work);
        }
    }

    /** Waits for DevToolsActivePort, then asks the browser's HTTP endpoint for the WebSocket of its page. */
    private static URI pageEndpoint(Process browser, Path profile, Path log, long deadline)
            throws IOException, InterruptedException, TimeoutException {
        Path portFile = profile.resolve("DevToolsActivePort");
        int port = -1;
        while (port < 0) {
            if (!browser.isAlive()) {
                throw new IOException("chromium exited with " + browser.exitValue() + " before it opened DevTools:\n"
                        + tail(log, 15));
            }
            if (Files.exists(portFile)) {
                List<String> lines = Files.readAllLines(portFile);
                // the file is written in one go, but a reader can still catch it half-written
                if (lines.size() >= 2 && lines.get(0).strip().matches("\\d+")) {
                    port = Integer.parseInt(lines.get(0).strip());
                    break;
                }
            }
            remaining(deadline, "chromium to write " + portFile);
            Thread.sleep(25);
        }
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        URI list = URI.create("http://127.0.0.1:" + port + "/json/list");
        while (true) {
            Duration left = remaining(deadline, "a page target in " + list);
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(list).timeout(left).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            for (Object t : (List<?>) Json.parse(response.body())) {
                Map<?, ?> target = (Map<?, ?>) t;
                if ("page".equals(target.get("type")) && target.get("webSocketDebuggerUrl") != null) {
                    return URI.create((String) target.get("webSocketDebuggerUrl"));
                }
            }
            Thread.sleep(25);
        }
    }

    /** The time left before the deadline, or a TimeoutException saying what was awaited. */
    static Duration remaining(long deadline, String waitingFor) throws TimeoutException {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            throw new TimeoutException("timed out waiting for " + waitingFor);
        }
        return Duration.ofNanos(left);
    }

    /** Ends the browser: it had {@code Browser.close}; whatever still runs after 5 s is killed, children first. */
    private static void stop(Process browser) throws InterruptedException {
        List<ProcessHandle> family = new ArrayList<>(browser.descendants().toList());
        if (!browser.waitFor(5, TimeUnit.SECONDS)) {
            browser.destroy();
            if (!browser.waitFor(2, TimeUnit.SECONDS)) {
                browser.destroyForcibly();
                browser.waitFor(5, TimeUnit.SECONDS);
            }
        }
        // renderers and the zygote normally follow the browser process out; make sure of it
        for (ProcessHandle child : family) {
            if (child.isAlive()) {
                child.destroyForcibly();
            }
        }
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (family.stream().anyMatch(HeadlessChromium::running) && System.nanoTime() < until) {
            Thread.sleep(20);
        }
    }

    /**
     * Whether a process still runs. The browser's children are orphans once it exits: their zombies wait for PID 1
     * to reap them (in a container that can take seconds), and {@link ProcessHandle#isAlive()} counts a zombie as
     * alive, so on Linux the state in /proc decides.
     */
    private static boolean running(ProcessHandle p) {
        Path stat = Path.of("/proc", Long.toString(p.pid()), "stat");
        try {
            String s = Files.readString(stat);
            // "pid (comm) S ...": the state follows the last ')' (comm may hold parentheses)
            char state = s.substring(s.lastIndexOf(')') + 2).charAt(0);
            return state != 'Z' && state != 'X';
        } catch (IOException | RuntimeException e) {
            return Files.exists(Path.of("/proc", "self")) ? false : p.isAlive();
        }
    }

    private static void deleteTree(Path root) {
        // a dying child can still write a file or two into the profile: try a few times
        for (int attempt = 0; attempt < 5 && Files.exists(root); attempt++) {
            try (Stream<Path> walk = Files.walk(root)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            } catch (IOException | UncheckedIOException e) {
                try {
                    Thread.sleep(200);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private static String tail(Path log, int lines) {
        try {
            if (!Files.exists(log)) {
                return "";
            }
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                    .filter(l -> !l.contains("dbus")) // a container has no D-Bus; Chromium says so at every start
                    .toList();
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException | UncheckedIOException e) {
            return "";
        }
    }

    /** One DevTools session on the page target: commands with ids, events recorded as they come. */
    private static final class Cdp implements WebSocket.Listener {
        private final String fileUrl;
        private final AtomicInteger ids = new AtomicInteger();
        private final Map<Integer, CompletableFuture<Map<?, ?>>> pending = new ConcurrentHashMap<>();
        private final CompletableFuture<Void> loaded = new CompletableFuture<>();
        private final StringBuilder partial = new StringBuilder();
        private final List<String> errors = Collections.synchronizedList(new ArrayList<>());
        private final List<String> warnings = Collections.synchronizedList(new ArrayList<>());
        private final List<String> exceptions = Collections.synchronizedList(new ArrayList<>());
        private final List<String> foreign = Collections.synchronizedList(new ArrayList<>());
        private final List<String> failed = Collections.synchronizedList(new ArrayList<>());
        private final Map<String, String> requestUrls = new ConcurrentHashMap<>();
        private volatile boolean navigating;
        private volatile boolean committed;
        private volatile Throwable broken;
        private WebSocket socket;

        private Cdp(String fileUrl) {
            this.fileUrl = fileUrl;
        }

        static Cdp connect(URI endpoint, String fileUrl, Duration timeout)
                throws IOException, InterruptedException, TimeoutException {
            Cdp cdp = new Cdp(fileUrl);
            try {
                cdp.socket = HttpClient.newHttpClient().newWebSocketBuilder().connectTimeout(timeout)
                        .buildAsync(endpoint, cdp).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (ExecutionException e) {
                throw new IOException("cannot open the DevTools WebSocket " + endpoint, e.getCause());
            }
            return cdp;
        }

        Rendering render(Request request, String url, long deadline, long started)
                throws IOException, InterruptedException, TimeoutException {
            for (String domain : List.of("Runtime", "Log", "Network", "Page")) {
                call(domain + ".enable", Map.of(), deadline);
            }
            call("Network.setBlockedURLs", Map.of("urls", BLOCKED), deadline);
            call("Emulation.setDeviceMetricsOverride", Map.of("width", request.width(), "height", request.height(),
                    "deviceScaleFactor", 1, "mobile", false), deadline);
            navigating = true;
            Map<?, ?> nav = call("Page.navigate", Map.of("url", url), deadline);
            if (nav.get("errorText") != null) {
                throw new IOException("navigation to " + url + " failed: " + nav.get("errorText"));
            }
            await(loaded, deadline, "Page.loadEventFired of " + url);
            // two animation frames: layout and paint of what the load event's handlers changed are done
            evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))", deadline);
            Map<String, Object> values = new LinkedHashMap<>();
            for (String expression : request.expressions()) {
                values.put(expression, evaluate(expression, deadline));
            }
            Map<?, ?> metrics = call("Page.getLayoutMetrics", Map.of(), deadline);
            double height = ((Number) ((Map<?, ?>) metrics.get("cssContentSize")).get("height")).doubleValue();
            if (request.screenshot() != null) {
                Map<String, Object> params = new LinkedHashMap<>();
                params.put("format", "png");
                if (request.fullPage()) {
                    params.put("captureBeyondViewport", true);
                    params.put("clip", Map.of("x", 0, "y", 0, "width", request.width(),
                            "height", Math.max(1, Math.ceil(height)), "scale", 1));
                }
                Map<?, ?> shot = call("Page.captureScreenshot", params, deadline);
                Path png = request.screenshot().toAbsolutePath();
                if (png.getParent() != null) {
                    Files.createDirectories(png.getParent());
                }
                Files.write(png, Base64.getDecoder().decode((String) shot.get("data")));
            }
            synchronized (this) {
                return new Rendering(url, errors, warnings, exceptions, foreign, failed, values, height,
                        request.screenshot(), Duration.ofNanos(System.nanoTime() - started));
            }
        }

        /** {@code Runtime.evaluate} by value; a thrown expression is the caller's mistake and fails the rendering. */
        private Object evaluate(String expression, long deadline) throws IOException, InterruptedException,
                TimeoutException {
            Map<?, ?> r = call("Runtime.evaluate", Map.of("expression", expression, "returnByValue", true,
                    "awaitPromise", true), deadline);
            if (r.get("exceptionDetails") instanceof Map<?, ?> details) {
                throw new IllegalArgumentException("expression `" + expression + "` threw: " + exceptionText(details));
            }
            return ((Map<?, ?>) r.get("result")).get("value");
        }

        private Map<?, ?> call(String method, Map<String, ?> params, long deadline)
                throws IOException, InterruptedException, TimeoutException {
            int id = ids.incrementAndGet();
            CompletableFuture<Map<?, ?>> answer = new CompletableFuture<>();
            pending.put(id, answer);
            Map<String, Object> message = new LinkedHashMap<>();
            message.put("id", id);
            message.put("method", method);
            message.put("params", params);
            try {
                await(socket.sendText(Json.write(message), true), deadline, "sending " + method);
                Map<?, ?> reply = await(answer, deadline, "the answer to " + method);
                if (reply.get("error") instanceof Map<?, ?> error) {
                    throw new IOException(method + " failed: " + error.get("message")
                            + (error.get("data") != null ? " (" + error.get("data") + ")" : ""));
                }
                return reply.get("result") instanceof Map<?, ?> result ? result : Map.of();
            } finally {
                pending.remove(id);
            }
        }

        private <T> T await(CompletableFuture<T> future, long deadline, String what)
                throws IOException, InterruptedException, TimeoutException {
            try {
                return future.get(remaining(deadline, what).toNanos(), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                throw new TimeoutException("timed out waiting for " + what);
            } catch (ExecutionException e) {
                throw new IOException("DevTools connection failed while waiting for " + what, e.getCause());
            }
        }

        /** Best effort: asks the browser to quit, so that {@link #stop} rarely has to kill it. */
        void closeBrowser() {
            try {
                if (broken == null) {
                    Map<String, Object> message = Map.of("id", ids.incrementAndGet(), "method", "Browser.close");
                    socket.sendText(Json.write(message), true).get(2, TimeUnit.SECONDS);
                }
            } catch (Exception e) {
                // the browser is about to be killed anyway
            } finally {
                socket.abort();
            }
        }

        // --- WebSocket.Listener: messages can arrive in several parts (a screenshot is megabytes) ---

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String text = partial.toString();
                partial.setLength(0);
                try {
                    dispatch((Map<?, ?>) Json.parse(text));
                } catch (RuntimeException e) {
                    fail(e);
                }
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            fail(error);
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            fail(new IOException("DevTools WebSocket closed: " + statusCode + " " + reason));
            return null;
        }

        private void fail(Throwable error) {
            broken = error;
            loaded.completeExceptionally(error);
            pending.values().forEach(f -> f.completeExceptionally(error));
        }

        private synchronized void dispatch(Map<?, ?> message) {
            if (message.get("id") instanceof Number id) {
                CompletableFuture<Map<?, ?>> f = pending.get(id.intValue());
                if (f != null) {
                    f.complete(message);
                }
                return;
            }
            Map<?, ?> p = message.get("params") instanceof Map<?, ?> m ? m : Map.of();
            switch (String.valueOf(message.get("method"))) {
                case "Runtime.consoleAPICalled" -> {
                    String type = String.valueOf(p.get("type"));
                    String text = consoleText(p);
                    if (type.equals("error") || type.equals("assert")) {
                        errors.add(text);
                    } else if (type.equals("warning")) {
                        warnings.add(text);
                    }
                }
                case "Runtime.exceptionThrown" -> exceptions.add(exceptionText((Map<?, ?>) p.get("exceptionDetails")));
                case "Log.entryAdded" -> {
                    Map<?, ?> entry = (Map<?, ?>) p.get("entry");
                    String text = entry.get("text") + (entry.get("url") != null ? " (" + entry.get("url") + ")" : "");
                    if ("error".equals(entry.get("level"))) {
                        errors.add(text);
                    } else if ("warning".equals(entry.get("level"))) {
                        warnings.add(text);
                    }
                }
                case "Network.requestWillBeSent" -> {
                    String u = String.valueOf(((Map<?, ?>) p.get("request")).get("url"));
                    requestUrls.put(String.valueOf(p.get("requestId")), u);
                    if (navigating && !withoutFragment(u).equals(fileUrl) && !u.startsWith("data:")) {
                        foreign.add(u);
                    }
                }
                case "Network.loadingFailed" -> {
                    String u = requestUrls.getOrDefault(String.valueOf(p.get("requestId")), "?");
                    Object reason = p.get("blockedReason") != null ? "blocked (" + p.get("blockedReason") + ")"
                            : p.get("errorText");
                    failed.add(u + ": " + reason);
                }
                case "Page.frameNavigated" -> {
                    // the main frame committed the file: the next load event is the file's, not about:blank's
                    Map<?, ?> frame = (Map<?, ?>) p.get("frame");
                    if (frame.get("parentId") == null && fileUrl.equals(withoutFragment(String.valueOf(frame.get("url"))))) {
                        committed = true;
                    }
                }
                case "Page.loadEventFired" -> {
                    if (committed) {
                        loaded.complete(null);
                    }
                }
                default -> {
                    // other events of the enabled domains say nothing the rendering reports
                }
            }
        }

        private static String withoutFragment(String u) {
            int hash = u.indexOf('#');
            return hash < 0 ? u : u.substring(0, hash);
        }

        /** The arguments of a console call as the console prints them: values, else descriptions. */
        private static String consoleText(Map<?, ?> p) {
            List<String> parts = new ArrayList<>();
            if (p.get("args") instanceof List<?> args) {
                for (Object a : args) {
                    Map<?, ?> arg = (Map<?, ?>) a;
                    Object v = arg.containsKey("value") ? arg.get("value")
                            : arg.get("description") != null ? arg.get("description") : arg.get("type");
                    parts.add(String.valueOf(v));
                }
            }
            return String.join(" ", parts);
        }

        /** "Uncaught Error: boom" plus where, from a CDP ExceptionDetails. */
        private static String exceptionText(Map<?, ?> details) {
            String text = String.valueOf(details.get("text"));
            if (details.get("exception") instanceof Map<?, ?> ex) {
                Object d = ex.get("description") != null ? ex.get("description") : ex.get("value");
                if (d != null) {
                    // the description's first line; the stack that follows repeats the location below
                    text = text + " " + String.valueOf(d).lines().findFirst().orElse("");
                }
            }
            if (details.get("url") != null) {
                text = text + " at " + details.get("url") + ":" + details.get("lineNumber");
            }
            return text;
        }
    }

    /**
     * Just enough JSON for the DevTools Protocol: {@link #parse} gives Map (ordered), List, String, Long (integral
     * numbers that fit) or Double, Boolean and null; {@link #write} takes the same plus any Number and Map/Collection.
     */
    static final class Json {
        private final String s;
        private int i;

        private Json(String s) {
            this.s = s;
        }

        static Object parse(String text) {
            Json p = new Json(text);
            Object v = p.value();
            p.space();
            if (p.i != text.length()) {
                throw p.error("trailing characters");
            }
            return v;
        }

        static String write(Object value) {
            StringBuilder out = new StringBuilder();
            write(value, out);
            return out.toString();
        }

        private static void write(Object v, StringBuilder out) {
            if (v == null) {
                out.append("null");
            } else if (v instanceof String str) {
                quote(str, out);
            } else if (v instanceof Boolean || v instanceof Integer || v instanceof Long || v instanceof Short
                    || v instanceof Byte) {
                out.append(v);
            } else if (v instanceof Number n) {
                // Double.toString is valid JSON ("1000.0", "1.5E19") except for NaN and the infinities
                if (Double.isNaN(n.doubleValue()) || Double.isInfinite(n.doubleValue())) {
                    throw new IllegalArgumentException("JSON has no " + n);
                }
                out.append(n);
            } else if (v instanceof Map<?, ?> m) {
                out.append('{');
                boolean first = true;
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    out.append(first ? "" : ",");
                    first = false;
                    quote(String.valueOf(e.getKey()), out);
                    out.append(':');
                    write(e.getValue(), out);
                }
                out.append('}');
            } else if (v instanceof Iterable<?> list) {
                out.append('[');
                boolean first = true;
                for (Object e : list) {
                    out.append(first ? "" : ",");
                    first = false;
                    write(e, out);
                }
                out.append(']');
            } else {
                throw new IllegalArgumentException("not a JSON value: " + v.getClass().getName());
            }
        }

        private static void quote(String str, StringBuilder out) {
            out.append('"');
            for (int k = 0; k < str.length(); k++) {
                char c = str.charAt(k);
                switch (c) {
                    case '"' -> out.append("\\\"");
                    case '\\' -> out.append("\\\\");
                    case '\n' -> out.append("\\n");
                    case '\r' -> out.append("\\r");
                    case '\t' -> out.append("\\t");
                    default -> {
                        if (c < 0x20) {
                            out.append(String.format("\\u%04x", (int) c));
                        } else {
                            out.append(c);
                        }
                    }
                }
            }
            out.append('"');
        }

        private Object value() {
            space();
            if (i >= s.length()) {
                throw error("unexpected end");
            }
            char c = s.charAt(i);
            switch (c) {
                case '{' -> {
                    i++;
                    Map<String, Object> m = new LinkedHashMap<>();
                    space();
                    if (peek('}')) {
                        return m;
                    }
                    do {
                        space();
                        String key = string();
                        space();
                        expect(':');
                        m.put(key, value());
                        space();
                    } while (peek(','));
                    expect('}');
                    return m;
                }
                case '[' -> {
                    i++;
                    List<Object> l = new ArrayList<>();
                    space();
                    if (peek(']')) {
                        return l;
                    }
                    do {
                        l.add(value());
                        space();
                    } while (peek(','));
                    expect(']');
                    return l;
                }
                case '"' -> {
                    return string();
                }
                case 't' -> {
                    return literal("true", Boolean.TRUE);
                }
                case 'f' -> {
                    return literal("false", Boolean.FALSE);
                }
                case 'n' -> {
                    return literal("null", null);
                }
                default -> {
                    return number();
                }
            }
        }

        private String string() {
            expect('"');
            StringBuilder out = new StringBuilder();
            while (true) {
                if (i >= s.length()) {
                    throw error("unterminated string");
                }
                char c = s.charAt(i++);
                if (c == '"') {
                    return out.toString();
                }
                if (c != '\\') {
                    out.append(c);
                    continue;
                }
                if (i >= s.length()) {
                    throw error("unterminated escape");
                }
                char e = s.charAt(i++);
                switch (e) {
                    case '"', '\\', '/' -> out.append(e);
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'n' -> out.append('\n');
                    case 'r' -> out.append('\r');
                    case 't' -> out.append('\t');
                    case 'u' -> {
                        if (i + 4 > s.length()) {
                            throw error("short \\u escape");
                        }
                        out.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        i += 4;
                    }
                    default -> throw error("bad escape \\" + e);
                }
            }
        }

        private Object number() {
            int start = i;
            while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
                i++;
            }
            String n = s.substring(start, i);
            if (n.isEmpty()) {
                throw error("unexpected character '" + s.charAt(i) + "'");
            }
            try {
                if (n.matches("-?\\d{1,18}")) {
                    return Long.parseLong(n);
                }
                return Double.parseDouble(n);
            } catch (NumberFormatException e) {
                throw error("bad number " + n);
            }
        }

        private Object literal(String word, Object value) {
            if (!s.startsWith(word, i)) {
                throw error("expected " + word);
            }
            i += word.length();
            return value;
        }

        private void space() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }

        private boolean peek(char c) {
            if (i < s.length() && s.charAt(i) == c) {
                i++;
                return true;
            }
            return false;
        }

        private void expect(char c) {
            if (!peek(c)) {
                throw error("expected '" + c + "'");
            }
        }

        private IllegalArgumentException error(String what) {
            return new IllegalArgumentException("JSON: " + what + " at offset " + i);
        }
    }
}
