package io.modelgraph.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.json.Json;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * An HTTP API (payload format 2.0) request, decoded once: path and query parameters, headers,
 * body. Accessors validate and name the parameter when a value is missing or of the wrong type.
 */
public final class ApiRequest {
    /** API Gateway and Lambda cap synchronous payloads at 6 MB; larger bodies are refused up front. */
    public static final int MAX_BODY_BYTES = 6 * 1024 * 1024;

    private final String method;
    private final String path;
    private final Map<String, String> pathParams;
    private final QueryParams query;
    private final Headers headers;
    private final byte[] body;
    private final Map<String, String> jwtClaims;
    private final Map<String, Object> authorizerContext;
    private final String requestId;
    private final String routeKey;
    /** The query string as sent (kept for a job's stored request; {@link #query} is parsed from it). */
    private final String rawQuery;
    private JsonNode parsedBody;

    private ApiRequest(String method, String path, Map<String, String> pathParams, QueryParams query, Headers headers,
            byte[] body, Map<String, String> jwtClaims, Map<String, Object> authorizerContext, String requestId,
            String routeKey, String rawQuery) {
        this.method = method;
        this.path = path;
        this.pathParams = pathParams;
        this.query = query;
        this.headers = headers;
        this.body = body;
        this.jwtClaims = jwtClaims;
        this.authorizerContext = authorizerContext;
        this.requestId = requestId;
        this.routeKey = routeKey;
        this.rawQuery = rawQuery;
    }

    public static ApiRequest from(APIGatewayV2HTTPEvent event) {
        var ctx = event.getRequestContext();
        String method = ctx != null && ctx.getHttp() != null && ctx.getHttp().getMethod() != null
                ? ctx.getHttp().getMethod().toUpperCase(Locale.ROOT)
                : routeMethod(event.getRouteKey());
        String path = event.getRawPath() != null ? event.getRawPath()
                : ctx != null && ctx.getHttp() != null ? ctx.getHttp().getPath() : "/";
        Map<String, String> jwt = Map.of();
        Map<String, Object> lambda = Map.of();
        if (ctx != null && ctx.getAuthorizer() != null) {
            var auth = ctx.getAuthorizer();
            if (auth.getJwt() != null && auth.getJwt().getClaims() != null) {
                jwt = Map.copyOf(auth.getJwt().getClaims());
            }
            if (auth.getLambda() != null) {
                lambda = new LinkedHashMap<>(auth.getLambda());
            }
        }
        return new ApiRequest(method, path,
                event.getPathParameters() == null ? Map.of() : Map.copyOf(event.getPathParameters()),
                QueryParams.parse(event.getRawQueryString(), event.getQueryStringParameters()),
                Headers.of(event.getHeaders()),
                decodeBody(event.getBody(), event.getIsBase64Encoded()),
                jwt, lambda, ctx == null || ctx.getRequestId() == null ? "" : ctx.getRequestId(),
                event.getRouteKey() == null ? "" : event.getRouteKey(),
                event.getRawQueryString() != null && !event.getRawQueryString().isEmpty() ? event.getRawQueryString()
                        : QueryParams.rawOf(event.getQueryStringParameters()));
    }

    private static String routeMethod(String routeKey) {
        if (routeKey == null || !routeKey.contains(" ")) {
            return "GET";
        }
        return routeKey.substring(0, routeKey.indexOf(' ')).toUpperCase(Locale.ROOT);
    }

    private static byte[] decodeBody(String body, boolean base64) {
        if (body == null) {
            return new byte[0];
        }
        if (base64) {
            try {
                return Base64.getDecoder().decode(body);
            } catch (IllegalArgumentException e) {
                throw ApiProblem.badRequest("body", "The body is marked base64-encoded but is not valid base64.");
            }
        }
        return body.getBytes(StandardCharsets.UTF_8);
    }

    /** Path parameters resolved by the router when the event did not carry them. */
    ApiRequest withPathParams(Map<String, String> params) {
        ApiRequest copy = new ApiRequest(method, path, Map.copyOf(params), query, headers, body, jwtClaims,
                authorizerContext, requestId, routeKey, rawQuery);
        copy.parsedBody = parsedBody;
        return copy;
    }

    public String method() {
        return method;
    }

    public String path() {
        return path;
    }

    public String requestId() {
        return requestId;
    }

    /** The route key API Gateway matched ({@code GET /v1/{projectId}/fetchNode}); empty or {@code $default} otherwise. */
    public String routeKey() {
        return routeKey;
    }

    /** The query string as sent (or rebuilt from the event's parameter map when it had none). */
    public String rawQuery() {
        return rawQuery;
    }

    public Headers headers() {
        return headers;
    }

    public QueryParams query() {
        return query;
    }

    public Map<String, String> jwtClaims() {
        return jwtClaims;
    }

    public Map<String, Object> authorizerContext() {
        return authorizerContext;
    }

    public Map<String, String> pathParams() {
        return pathParams;
    }

    public String pathParam(String name) {
        String value = pathParams.get(name);
        if (value == null || value.isEmpty()) {
            throw ApiProblem.badRequest("path." + name, "Path parameter '" + name + "' is required.");
        }
        return value;
    }

    // ---- query parameters -------------------------------------------------------------------

    /**
     * A single-valued parameter. The one rule for multi-valued input: parameters documented as lists are read
     * with {@link #queryList} (repeated and comma-separated values combine); every other parameter takes one
     * value, and giving it twice is refused rather than silently reading the first.
     */
    public Optional<String> queryString(String name) {
        List<String> all = query.all(name);
        if (all.size() > 1) {
            throw ApiProblem.badRequest("query." + name, "Query parameter '" + name + "' takes one value, got "
                    + all.size() + " (" + String.join(", ", all) + "); only list parameters may be repeated.");
        }
        return query.first(name).filter(v -> !v.isEmpty());
    }

    public String requiredQuery(String name) {
        return queryString(name).orElseThrow(() -> ApiProblem.badRequest("query." + name,
                "Query parameter '" + name + "' is required."));
    }

    /**
     * A boolean flag. Given without a value ({@code ?AddRelations} or {@code ?AddRelations=}) it is true, as a
     * flag's presence reads (docs/graph.md "Query flags"); absent, it takes {@code defaultValue}.
     */
    public boolean queryBool(String name, boolean defaultValue) {
        Optional<String> value = queryString(name);
        if (value.isEmpty()) {
            return query.has(name) || defaultValue;
        }
        String v = value.get().trim().toLowerCase(Locale.ROOT);
        if (v.equals("true")) {
            return true;
        }
        if (v.equals("false")) {
            return false;
        }
        throw ApiProblem.badRequest("query." + name, "Query parameter '" + name + "' must be true or false, got '"
                + value.get() + "'.");
    }

    public int queryInt(String name, int defaultValue, int min, int max) {
        Optional<String> value = queryString(name);
        if (value.isEmpty()) {
            return defaultValue;
        }
        int parsed;
        try {
            parsed = Integer.parseInt(value.get().trim());
        } catch (NumberFormatException e) {
            throw ApiProblem.badRequest("query." + name, "Query parameter '" + name + "' must be an integer, got '"
                    + value.get() + "'.");
        }
        if (parsed < min || parsed > max) {
            throw ApiProblem.badRequest("query." + name, "Query parameter '" + name + "' must be between " + min + " and "
                    + max + " (inclusive), got " + parsed + ".");
        }
        return parsed;
    }

    /** Repeated values ({@code ?nodeIds=a&nodeIds=b}); comma-separated values are split as well. */
    public List<String> queryList(String name) {
        return query.all(name).stream()
                .flatMap(v -> java.util.Arrays.stream(v.split(",")))
                .map(String::trim)
                .filter(v -> !v.isEmpty())
                .toList();
    }

    // ---- body -------------------------------------------------------------------------------

    public byte[] rawBody() {
        return body.clone();
    }

    public String bodyText() {
        checkSize();
        return utf8();
    }

    /**
     * The body decoded as UTF-8, refusing bytes that are not: a decoder that replaced them would store and answer
     * characters the caller never sent.
     */
    private String utf8() {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(body);
        try {
            return decoder.decode(in).toString();
        } catch (CharacterCodingException e) {
            int at = invalidUtf8At(body);
            Optional<String> member = InvalidUtf8Member.of(body);
            throw ApiProblem.badRequest(member.map(m -> "body." + m).orElse("body"), "The body is not valid UTF-8: "
                    + "the byte 0x" + String.format("%02X", body[Math.max(0, Math.min(at, body.length - 1))] & 0xff)
                    + " at offset " + at + member.map(m -> ", in the string of '" + m + "',").orElse("")
                    + " does not belong to a UTF-8 sequence. Nothing was done.");
        }
    }

    /** The offset of the first byte that starts or breaks an invalid UTF-8 sequence. */
    static int invalidUtf8At(byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(Math.max(16, bytes.length));
        CoderResult result = decoder.decode(in, out, true);
        return result.isError() ? in.position() : bytes.length;
    }

    public boolean hasBody() {
        for (byte b : body) {
            if (!Character.isWhitespace(b)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The body parsed as JSON. Refuses a non-JSON Content-Type, an oversized body and malformed JSON,
     * each with a message saying where. An empty body is an empty JSON object, so operations whose
     * fields are all optional accept it.
     */
    public JsonNode jsonBody() {
        if (parsedBody != null) {
            return parsedBody;
        }
        checkSize();
        if (!hasBody()) {
            parsedBody = Json.object();
            return parsedBody;
        }
        Optional<String> type = headers.mediaType("Content-Type");
        if (type.isPresent() && !type.get().equals("application/json") && !type.get().endsWith("+json")
                && !type.get().equals("text/json")) {
            throw ApiProblem.unsupportedMediaType("Content-Type must be application/json, got '" + type.get() + "'.");
        }
        try {
            parsedBody = Json.parse(utf8());
        } catch (JsonProcessingException e) {
            throw ApiProblem.badRequest("body", "The body is not valid JSON" + Json.problem(e));
        }
        if (parsedBody == null || parsedBody.isMissingNode()) {
            parsedBody = Json.object();
        }
        return parsedBody;
    }

    /** The JSON body, which must be an object. */
    public Body body() {
        JsonNode node = jsonBody();
        if (!node.isObject()) {
            throw ApiProblem.badRequest("body", "The body must be a JSON object, got " + Body.describe(node) + ".");
        }
        return new Body(node, "body");
    }

    private void checkSize() {
        if (body.length > MAX_BODY_BYTES) {
            throw ApiProblem.tooLarge("body", "The body is " + body.length + " bytes; the limit is " + MAX_BODY_BYTES
                    + " bytes (6 MB).");
        }
    }
}
