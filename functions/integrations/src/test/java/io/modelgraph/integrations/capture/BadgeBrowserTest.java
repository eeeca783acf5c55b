package io.modelgraph.integrations.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The badge as people see it: each state's SVG rendered by headless Chromium (Debian's {@code chromium}, which
 * {@code .ci/run} installs where missing) and the pixels of its message part checked against the state's colour.
 */
class BadgeBrowserTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    @BeforeAll
    static void needsChromium() {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM), "Chromium not installed at " + CHROMIUM
                + " (.ci/run installs it); browser rendering not checked");
    }

    @Test
    void eachStateRendersInItsColour() throws Exception {
        check(Badge.State.NO_RUNS, Badge.GREY);
        check(new Badge.State(true, 0, 0), Badge.GREEN);
        check(new Badge.State(true, 0, 3), Badge.YELLOW);
        check(new Badge.State(true, 2, 1), Badge.RED);
    }

    private static void check(Badge.State state, String expected) throws Exception {
        Path dir = Files.createTempDirectory("badge");
        try {
            Path svg = dir.resolve("badge.svg");
            Files.writeString(svg, Badge.svg(state));
            Path png = dir.resolve("badge.png");
            screenshot(dir, svg, png);
            BufferedImage image = ImageIO.read(png.toFile());
            int label = Badge.textWidth(Badge.LABEL) + 10;
            int width = label + Badge.textWidth(state.message()) + 10;
            // a pixel of the message part's background, clear of its text: the right edge, below the top row
            Color message = new Color(image.getRGB(width - 3, 17));
            Color labelPart = new Color(image.getRGB(3, 17));
            assertClose(Color.decode(expand(expected)), message, state.message());
            assertClose(Color.decode("#555555"), labelPart, "label");
            Color outside = new Color(image.getRGB(width + 5, 10));
            assertTrue(outside.getRed() > 200 && outside.getGreen() > 200, "nothing drawn past the badge");
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    /**
     * Headless Chromium now and then hangs after writing nothing on a loaded machine (its own start-up, not the
     * page): a run that does not finish within a minute is killed and started again, at most three times, and its
     * log is shown when every attempt fails.
     */
    private static void screenshot(Path dir, Path svg, Path png) throws Exception {
        String log = "";
        for (int attempt = 1; attempt <= 3; attempt++) {
            Path profile = dir.resolve("profile" + attempt);
            Path logFile = dir.resolve("chromium" + attempt + ".log");
            Process p = new ProcessBuilder(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                    "--disable-quic", "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--hide-scrollbars",
                    "--user-data-dir=" + profile, "--window-size=400,40",
                    "--screenshot=" + png, svg.toUri().toString())).redirectErrorStream(true)
                    .redirectOutput(logFile.toFile()).start();
            boolean finished = p.waitFor(60, TimeUnit.SECONDS);
            if (!finished) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            log = Files.readString(logFile);
            if (finished) {
                assertEquals(0, p.exitValue(), log);
                return;
            }
        }
        throw new AssertionError("Chromium did not finish in three attempts of 60 s; last log:\n" + log);
    }

    /** The shields.io gradient darkens the colour by at most a tenth. */
    private static void assertClose(Color want, Color got, String what) {
        int d = Math.max(Math.abs(want.getRed() - got.getRed()), Math.max(Math.abs(want.getGreen() - got.getGreen()),
                Math.abs(want.getBlue() - got.getBlue())));
        assertTrue(d <= 32, what + ": expected about " + want + " but the browser drew " + got);
    }

    private static String expand(String hex) {
        return hex.length() == 4 ? "#" + hex.charAt(1) + hex.charAt(1) + hex.charAt(2) + hex.charAt(2) + hex.charAt(3)
                + hex.charAt(3) : hex;
    }
}
