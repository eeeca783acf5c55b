package io.modelgraph.local;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2CustomAuthorizerEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Builds the events an HTTP API hands to its integrations: the payload 2.0 request event of a route's
 * Lambda and the payload 2.0 REQUEST event of its Lambda authorizer, from a request as it came in.
 *
 * <p>As API Gateway does: header names are lower-cased and repeated headers joined with commas;
 * {@code Cookie} headers become {@code cookies} and leave {@code headers}; {@code queryStringParameters}
 * holds decoded values with repeated names joined by commas (so handlers read {@code rawQueryString}
 * for repeats) and is absent without a query; the body is text for textual media types and base64
 * ({@code isBase64Encoded: true}) for anything else, including a body without a {@code Content-Type}.
 */
public final class GatewayEvents {
    public static final String ACCOUNT_ID = "123456789012";
    public static final String API_ID = "local";
    public static final String STAGE = "$default";
    public static final String REGION = "us-east-1";

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);

    /** A request as received: header names as sent, each with all its values. */
    public record Incoming(String method, String rawPath, String rawQuery, Map<String, List<String>> headers,
            byte[] body, String sourceIp, String protocol) {

        String host() {
            List<String> host = headerValues("host");
            return host.isEmpty() ? "127.0.0.1" : host.get(0);
        }

        List<String> headerValues(String name) {
            List<String> out = new ArrayList<>();
            headers.forEach((k, v) -> {
                if (k != null && k.equalsIgnoreCase(name)) {
                    out.addAll(v);
                }
            });
            return out;
        }
    }

    private GatewayEvents() {
    }

    public static APIGatewayV2HTTPEvent httpEvent(Incoming in, String routeKey, Map<String, String> pathParameters,
            String requestId, Instant at) {
        APIGatewayV2HTTPEvent event = new APIGatewayV2HTTPEvent();
        event.setVersion("2.0");
        event.setRouteKey(routeKey);
        event.setRawPath(in.rawPath());
        event.setRawQueryString(in.rawQuery() == null ? "" : in.rawQuery());
        List<String> cookies = cookies(in);
        event.setCookies(cookies.isEmpty() ? null : cookies);
        event.setHeaders(headers(in));
        event.setQueryStringParameters(queryParameters(in.rawQuery()));
        event.setPathParameters(pathParameters.isEmpty() ? null : new LinkedHashMap<>(pathParameters));
        if (in.body() != null && in.body().length > 0) {
            // text that is not UTF-8 goes base64, so the function sees the bytes and refuses them (a decoder that
            // replaced them would hand it characters the caller never sent)
            if (isText(in.headerValues("content-type")) && isUtf8(in.body())) {
                event.setBody(new String(in.body(), StandardCharsets.UTF_8));
                event.setIsBase64Encoded(false);
            } else {
                event.setBody(Base64.getEncoder().encodeToString(in.body()));
                event.setIsBase64Encoded(true);
            }
        }
        APIGatewayV2HTTPEvent.RequestContext ctx = new APIGatewayV2HTTPEvent.RequestContext();
        ctx.setAccountId(ACCOUNT_ID);
        ctx.setApiId(API_ID);
        ctx.setDomainName(in.host());
        ctx.setDomainPrefix(domainPrefix(in.host()));
        ctx.setRequestId(requestId);
        ctx.setRouteKey(routeKey);
        ctx.setStage(STAGE);
        ctx.setTime(TIME.format(at));
        ctx.setTimeEpoch(at.toEpochMilli());
        APIGatewayV2HTTPEvent.RequestContext.Http http = new APIGatewayV2HTTPEvent.RequestContext.Http();
        http.setMethod(in.method());
        http.setPath(in.rawPath());
        http.setProtocol(in.protocol());
        http.setSourceIp(in.sourceIp());
        http.setUserAgent(String.join(",", in.headerValues("user-agent")));
        ctx.setHttp(http);
        event.setRequestContext(ctx);
        return event;
    }

    /** The payload 2.0 REQUEST authorizer event (no identity sources configured, so none listed). */
    public static APIGatewayV2CustomAuthorizerEvent authorizerEvent(Incoming in, String routeKey,
            Map<String, String> pathParameters, String requestId, Instant at) {
        APIGatewayV2CustomAuthorizerEvent event = new APIGatewayV2CustomAuthorizerEvent();
        event.setVersion("2.0");
        event.setType("REQUEST");
        event.setRouteArn("arn:aws:execute-api:" + REGION + ":" + ACCOUNT_ID + ":" + API_ID + "/" + STAGE + "/"
                + in.method() + in.rawPath());
        event.setIdentitySource(null);
        event.setRouteKey(routeKey);
        event.setRawPath(in.rawPath());
        event.setRawQueryString(in.rawQuery() == null ? "" : in.rawQuery());
        List<String> cookies = cookies(in);
        event.setCookies(cookies.isEmpty() ? null : cookies);
        event.setHeaders(headers(in));
        event.setQueryStringParameters(queryParameters(in.rawQuery()));
        event.setPathParameters(pathParameters.isEmpty() ? null : new LinkedHashMap<>(pathParameters));
        APIGatewayV2CustomAuthorizerEvent.Http http = new APIGatewayV2CustomAuthorizerEvent.Http();
        http.setMethod(in.method());
        http.setPath(in.rawPath());
        http.setProtocol(in.protocol());
        http.setSourceIp(in.sourceIp());
        http.setUserAgent(String.join(",", in.headerValues("user-agent")));
        event.setRequestContext(APIGatewayV2CustomAuthorizerEvent.RequestContext.builder()
                .withAccountId(ACCOUNT_ID)
                .withApiId(API_ID)
                .withDomainName(in.host())
                .withDomainPrefix(domainPrefix(in.host()))
                .withHttp(http)
                .withRequestId(requestId)
                .withRouteKey(routeKey)
                .withStage(STAGE)
                .withTime(TIME.format(at))
                .withTimeEpoch(at.toEpochMilli())
                .build());
        return event;
    }

    static Map<String, String> headers(Incoming in) {
        Map<String, String> out = new LinkedHashMap<>();
        in.headers().forEach((name, values) -> {
            if (name == null || name.equalsIgnoreCase("cookie")) {
                return;
            }
            String key = name.toLowerCase(Locale.ROOT);
            String joined = String.join(",", values);
            out.merge(key, joined, (a, b) -> a + "," + b);
        });
        return out;
    }

    static List<String> cookies(Incoming in) {
        List<String> out = new ArrayList<>();
        for (String header : in.headerValues("cookie")) {
            for (String c : header.split(";")) {
                if (!c.isBlank()) {
                    out.add(c.trim());
                }
            }
        }
        return out;
    }

    /** Decoded names and values; a repeated name's values joined with commas; null without a query. */
    static Map<String, String> queryParameters(String rawQuery) {
        if (rawQuery == null || rawQuery.isEmpty()) {
            return null;
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (String pair : rawQuery.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            out.merge(name, value, (a, b) -> a + "," + b);
        }
        return out.isEmpty() ? null : out;
    }

    private static String decode(String text) {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return text;
        }
    }

    static boolean isUtf8(byte[] bytes) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                    .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(bytes));
            return true;
        } catch (java.nio.charset.CharacterCodingException e) {
            return false;
        }
    }

    /** Media types API Gateway passes as text; everything else arrives base64-encoded. */
    static boolean isText(List<String> contentType) {
        if (contentType.isEmpty()) {
            return false;
        }
        String type = contentType.get(0).split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
        return type.startsWith("text/") || type.equals("application/json") || type.endsWith("+json")
                || type.equals("application/xml") || type.endsWith("+xml") || type.equals("application/javascript")
                || type.equals("application/ecmascript");
    }

    private static String domainPrefix(String host) {
        String h = host.contains(":") ? host.substring(0, host.indexOf(':')) : host;
        int dot = h.indexOf('.');
        return dot < 0 ? h : h.substring(0, dot);
    }
}
