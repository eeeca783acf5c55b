package io.modelgraph.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.api.ApiProblem;
import io.modelgraph.exchange.fetch.AddressPolicy;
import io.modelgraph.exchange.fetch.FetchDeadline;
import io.modelgraph.exchange.fetch.FetchedFile;
import io.modelgraph.exchange.fetch.SafeFetcher;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The safe fetcher against a real loopback server. Every refusal of a non-loopback address is decided from the
 * literal address before any connection is attempted: no test sends traffic anywhere but 127.0.0.1.
 */
class FetchSafetyTest {
    private static FileServer server;
    private static final SafeFetcher.Limits LIMITS = new SafeFetcher.Limits(64 * 1024, 2_000, 5_000, 10_000);
    private final SafeFetcher allowing = new SafeFetcher(new AddressPolicy(true), LIMITS);
    private final SafeFetcher strict = new SafeFetcher(new AddressPolicy(false), LIMITS);

    @BeforeAll
    static void start() throws Exception {
        server = new FileServer();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static ApiProblem refused(SafeFetcher fetcher, String url, int status, String... mentions) {
        int before = server.requests.get();
        ApiProblem p = assertThrows(ApiProblem.class, () -> fetcher.fetch(URI.create(url), Optional.empty(), "src"));
        assertEquals(status, p.status(), p.getMessage());
        for (String m : mentions) {
            assertTrue(p.getMessage().contains(m), "'" + m + "' in: " + p.getMessage());
        }
        return p;
    }

    @Test
    void readsFromLoopbackWhenAllowedWithBothBodyFramings() {
        String even = server.put("/even.json", "{\"a\":1}");
        String odd = server.put("/odd.json", "{\"a\":12}");
        assertEquals("{\"a\":1}", allowing.fetch(URI.create(even), Optional.empty(), "src").text());
        assertEquals("{\"a\":12}", allowing.fetch(URI.create(odd), Optional.empty(), "src").text());
    }

    @Test
    void refusesLoopbackWhenNotAllowedBeforeConnecting() {
        String url = server.put("/x.json", "{}");
        int before = server.requests.get();
        refused(strict, url, 400, "loopback");
        refused(strict, "http://[::1]:9/x.json", 400, "loopback");
        refused(strict, "http://localhost:9/x.json", 400, "may not be fetched");
        assertEquals(before, server.requests.get(), "the server was never contacted");
    }

    @Test
    void refusesPrivateLinkLocalMetadataUnspecifiedAndMulticastAddresses() {
        refused(allowing, "http://10.0.0.1/x.json", 400, "10.0.0.1", "private");
        refused(allowing, "http://172.16.5.4/x.json", 400, "private");
        refused(allowing, "http://192.168.1.1/x.json", 400, "private");
        refused(allowing, "http://169.254.169.254/latest/meta-data/", 400, "metadata");
        refused(allowing, "http://169.254.10.1/x", 400, "link-local");
        refused(allowing, "http://[fe80::1]/x", 400, "link-local");
        refused(allowing, "http://[fd00:ec2::254]/x", 400, "private");
        refused(allowing, "http://[::ffff:10.0.0.1]/x", 400, "private");
        refused(allowing, "http://0.0.0.0/x", 400, "unspecified");
        refused(allowing, "http://224.0.0.1/x", 400, "multicast");
    }

    @Test
    void refusesOtherSchemes() {
        refused(allowing, "file:///etc/passwd", 400, "only http and https");
        refused(allowing, "ftp://127.0.0.1/x.json", 400, "only http and https");
    }

    @Test
    void reChecksEveryRedirect() {
        String toPrivate = server.redirect("/r1", "http://10.0.0.1/secret.json");
        refused(allowing, toPrivate, 400, "10.0.0.1", "reached by a redirect");
        String toMetadata = server.redirect("/r2", "http://169.254.169.254/latest/meta-data/");
        refused(allowing, toMetadata, 400, "metadata");
        String toFile = server.redirect("/r3", "file:///etc/passwd");
        refused(allowing, toFile, 400, "only http and https");
        server.put("/target.json", "{\"ok\":true}");
        String good = server.redirect("/r4", "/target.json");
        FetchedFile f = allowing.fetch(URI.create(good), Optional.empty(), "src");
        assertEquals("{\"ok\":true}", f.text());
        assertTrue(f.finalUrl().endsWith("/target.json"));
    }

    @Test
    void answers404AndRefusesOversizedFiles() {
        refused(allowing, server.base() + "/missing.json", 404, "not found", "HTTP 404");
        String big = server.put("/big.json", "[" + "1,".repeat(40_000) + "1]");
        refused(allowing, big, 413, "larger than the limit");
    }

    @Test
    void sendsTheTokenOnlyToTheHostItWasGivenFor() throws Exception {
        String url = server.put("/tok.json", "{}");
        allowing.fetch(URI.create(url), Optional.of("secret"), "src");
        assertEquals("Bearer secret", server.authorization.get("/tok.json"));
        // same server reached under another host name: a different host, so no token
        server.put("/tok2.json", "{}");
        String away = server.redirect("/tok-away", "http://localhost:" + URI.create(url).getPort() + "/tok2.json");
        allowing.fetch(URI.create(away), Optional.of("secret"), "src");
        assertEquals("", server.authorization.get("/tok2.json"));
        assertTrue(new AddressPolicy(false).refusal(InetAddress.getByName("8.8.8.8")).isEmpty(),
                "public addresses are allowed (decided without connecting)");
    }

    @Test
    void aStalledServerTimesOut() {
        String url = server.put("/slow.json", "{}");
        server.delays.put("/slow.json", 1_500);
        SafeFetcher impatient = new SafeFetcher(new AddressPolicy(true), new SafeFetcher.Limits(1024, 500, 300, 1_000));
        refused(impatient, url, 504, "Timed out");
    }

    @Test
    void refusesTunnelBenchmarkReservedAndProtocolRangesBeforeConnecting() {
        refused(allowing, "http://198.18.0.1/x", 400, "198.18.0.0/15");
        refused(allowing, "http://198.19.255.254/x", 400, "198.18.0.0/15");
        refused(allowing, "http://240.0.0.1/x", 400, "240.0.0.0/4");
        refused(allowing, "http://192.0.0.8/x", 400, "192.0.0.0/24");
        refused(allowing, "http://[2002:a00:1::1]/x", 400, "6to4");
        refused(allowing, "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x", 400, "Teredo");
        refused(allowing, "http://[64:ff9b:1::a00:1]/x", 400, "NAT64");
    }

    @Test
    void refusalsOfANameNeverEchoItsAddressesAndSocketErrorsAreNotEchoed() throws Exception {
        ApiProblem p = refused(strict, "http://localhost:9/x.json", 400);
        assertFalse(p.getMessage().contains("127.0.0.1"), p.getMessage());
        assertFalse(p.getMessage().contains("loopback"), p.getMessage());
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        ApiProblem closed = refused(allowing, "http://127.0.0.1:" + closedPort + "/x.json", 502);
        assertFalse(closed.getMessage().toLowerCase(java.util.Locale.ROOT).contains("refused"), closed.getMessage());
    }

    @Test
    void aSpentMergeDeadlineIsCheckedBeforeConnecting() {
        String url = server.put("/late.json", "{}");
        int before = server.requests.get();
        ApiProblem p = assertThrows(ApiProblem.class, () -> allowing.fetch(URI.create(url), Optional.empty(), "src",
                FetchDeadline.in(-1)));
        assertEquals(504, p.status(), p.getMessage());
        assertEquals(before, server.requests.get(), "the server was never contacted");
    }

    @Test
    void theDeadlineBoundsATlsHandshakeThatNeverCompletes() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                try {
                    Socket held = silent.accept(); // accepts, then never answers the ClientHello
                    Thread.sleep(30_000); // sleep: time itself: holds the handshake past the fetch deadline measured
                    held.close();
                } catch (Exception ignored) {
                    // closed by the test
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            SafeFetcher patientReads = new SafeFetcher(new AddressPolicy(true),
                    new SafeFetcher.Limits(1024, 2_000, 30_000, 30_000));
            long start = System.nanoTime();
            ApiProblem p = assertThrows(ApiProblem.class, () -> patientReads.fetch(URI.create("https://127.0.0.1:"
                    + silent.getLocalPort() + "/x.json"), Optional.empty(), "src", FetchDeadline.in(700)));
            long tookMillis = (System.nanoTime() - start) / 1_000_000;
            assertEquals(504, p.status(), p.getMessage());
            assertTrue(tookMillis < 10_000, "the handshake was cut at the deadline, not the 30 s read timeout: "
                    + tookMillis + " ms");
            acceptor.interrupt();
        }
    }
}
