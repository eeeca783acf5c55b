package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.auth.Role;
import io.modelgraph.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Requests written byte by byte on a socket, as no HTTP client would send them: whatever the gateway cannot read is
 * answered in JSON naming what is wrong, never with an HTML page; what it can read is served, on one connection
 * after another request.
 */
class GatewayRequestLineTest {
    private static final String PROJECT = "0123456789abcdef0123456789abcdef";

    /** One answer as read off the wire. */
    record Raw(int status, Map<String, String> headers, String body) {
        JsonNode json() {
            assertTrue(headers.getOrDefault("content-type", "").startsWith("application/json"), toString());
            try {
                return Json.parse(body);
            } catch (Exception e) {
                throw new AssertionError("not JSON: " + this, e);
            }
        }
    }

    private static Socket connect() throws IOException {
        Socket s = new Socket(InetAddress.getLoopbackAddress(), TestStack.server().port());
        s.setSoTimeout(20_000);
        return s;
    }

    private static Raw exchange(String request) throws IOException {
        try (Socket s = connect()) {
            s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            s.getOutputStream().flush();
            return read(s.getInputStream());
        }
    }

    /** Reads one response (status line, headers, a Content-Length body); skips interim 100 answers. */
    private static Raw read(InputStream in) throws IOException {
        while (true) {
            String statusLine = line(in);
            Map<String, String> headers = new LinkedHashMap<>();
            for (String h = line(in); !h.isEmpty(); h = line(in)) {
                int colon = h.indexOf(':');
                headers.put(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim());
            }
            int status = Integer.parseInt(statusLine.split(" ")[1]);
            if (status == 100) {
                continue;
            }
            int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
            return new Raw(status, headers, new String(in.readNBytes(length), StandardCharsets.UTF_8));
        }
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new IOException("the connection closed inside a response line: " + b);
            }
            if (c != '\r') {
                b.write(c);
            }
        }
        return b.toString(StandardCharsets.ISO_8859_1);
    }

    @Test
    void aSpaceInTheQueryIsA400InTheRoutesEnvelopeNamingTheParameter() throws Exception {
        String query = "typeId=t&jsonString={\"a\": 1}";
        Raw r = exchange("GET /v1/" + PROJECT + "/validateJSON?" + query + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        assertEquals(400, r.status(), r.toString());
        JsonNode error = r.json().path("error");
        assertTrue(error.path("message").asText().startsWith("query.jsonString: The query string has a space at "
                + "character " + (query.indexOf(' ') + 1)), r.toString());
        assertFalse(error.path("isFatal").asBoolean(true), r.toString());
        assertFalse(r.json().path("success").asBoolean(true), r.toString());
    }

    @Test
    void aControlOrNonAsciiByteInTheTargetIsA400NamingIt() throws Exception {
        Raw query = exchange("GET /v1/" + PROJECT + "/exportJsonSchema?spaceId=a\u0001b HTTP/1.1\r\n\r\n");
        assertEquals(400, query.status(), query.toString());
        assertTrue(query.json().path("error").path("message").asText().contains("control byte 0x01"),
                query.toString());

        Raw path = exchange("GET /v1/caf\u00e9 HTTP/1.1\r\n\r\n");
        assertEquals(400, path.status(), path.toString());
        assertEquals("Bad Request: The request path has the non-ASCII byte 0xE9 at character 8; percent-encode it.",
                path.json().path("message").asText(), path.toString());
    }

    @Test
    void visibleCharactersAStrictUriParserRefusesReachTheRoute() throws Exception {
        // the JDK's server answered these with its HTML page (URISyntaxException) before any route ran
        String token = TestStack.server().issuer().mint("tester", PROJECT, Role.Viewer);
        Raw r = exchange("GET /v1/" + PROJECT + "/validateJSON?typeId=t&jsonString={\"a\":1}|%zz HTTP/1.1\r\n"
                + "Authorization: Bearer " + token + "\r\n\r\n");
        assertTrue(r.status() < 500, r.toString());
        assertTrue(r.json().has("success"), "the route's envelope: " + r);
        Raw anonymous = exchange("GET /v1/" + PROJECT + "/validateJSON?jsonString={\"a\":1} HTTP/1.1\r\n\r\n");
        assertEquals(401, anonymous.status(), anonymous.toString());
        assertFalse(anonymous.json().path("success").asBoolean(true), anonymous.toString());
    }

    @Test
    void aRequestLineOrHeaderThatCannotBeReadIsA400InJson() throws Exception {
        List<String> garbage = List.of("GARBAGE\r\n\r\n", "GET /\r\n\r\n", "G{T / HTTP/1.1\r\n\r\n",
                "GET / HTTP/1.1\r\nno colon here\r\n\r\n",
                "POST /v1/" + PROJECT + "/node HTTP/1.1\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n");
        for (String request : garbage) {
            Raw r = exchange(request);
            assertEquals(400, r.status(), request + " -> " + r);
            assertEquals("close", r.headers().get("connection"), r.toString());
            String message = r.json().path("message").asText();
            assertTrue(message.startsWith("Bad Request: "), r.toString());
        }
    }

    @Test
    void aHeadOverItsBoundsIsA431InJson() throws Exception {
        Raw many = exchange("GET / HTTP/1.1\r\n" + "X-A: b\r\n".repeat(LoopbackHttpServer.MAX_HEADERS + 1) + "\r\n");
        assertEquals(431, many.status(), many.toString());
        assertTrue(many.json().path("message").asText().contains("more than 200 header lines"), many.toString());
    }

    @Test
    void oneConnectionCarriesAChunkedBodyAContinueAndAnotherRequest() throws Exception {
        String token = TestStack.server().issuer().mint("tester", PROJECT, Role.Admin);
        String body = "{\"typeId\":\"t\",\"jsonString\":\"{}\"}";
        try (Socket s = connect()) {
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            String chunked = Integer.toHexString(10) + "\r\n" + body.substring(0, 10) + "\r\n"
                    + Integer.toHexString(body.length() - 10) + ";ext=1\r\n" + body.substring(10) + "\r\n0\r\n\r\n";
            out.write(("POST /v1/" + PROJECT + "/validateJSON HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token
                    + "\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked)
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            Raw first = read(in);
            assertTrue(first.json().has("success"), first.toString());
            assertFalse(first.headers().containsKey("connection"), "kept open: " + first);

            out.write(("POST /v1/" + PROJECT + "/validateJSON HTTP/1.1\r\nAuthorization: Bearer " + token
                    + "\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: " + body.length()
                    + "\r\n\r\n" + body).getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            Raw second = read(in);
            assertEquals(first.status(), second.status(), second.toString());
            assertEquals(first.body(), second.body(), "the same request framed otherwise answers the same");

            out.write("GET /.well-known/jwks.json HTTP/1.1\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            Raw third = read(in);
            assertEquals(200, third.status(), third.toString());
            assertTrue(third.json().has("keys"), third.toString());
            assertEquals(-1, in.read(), "closed after Connection: close");
        }
    }
}
