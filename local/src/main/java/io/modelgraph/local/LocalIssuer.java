package io.modelgraph.local;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.modelgraph.auth.Role;
import io.modelgraph.auth.RoleClaim;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Map;
import java.util.UUID;

/**
 * The local JWT issuer: one RS256 key pair, created on first use and kept in the data directory, whose
 * public half is served as a JWKS at {@code /.well-known/jwks.json}. Tokens carry {@code iss}
 * {@value #ISSUER}, {@code aud} {@value #AUDIENCE}, {@code sub}, {@code iat}, {@code nbf}, {@code exp}
 * and the role claim {@code modelgraph_roles} ({@code "<projectId>:<Role> ..."}, see {@link RoleClaim}).
 */
public final class LocalIssuer {
    public static final String ISSUER = "modelgraph-local";
    public static final String AUDIENCE = "modelgraph";
    public static final Duration DEFAULT_LIFETIME = Duration.ofHours(24);

    private final RSAKey key;
    private final Clock clock;

    private LocalIssuer(RSAKey key, Clock clock) {
        this.key = key;
        this.clock = clock;
    }

    /** The issuer of a data directory: its key is read, or created and stored there on first use. */
    public static LocalIssuer of(DataDir dir, Clock clock) {
        String json = dir.readOrCreate(DataDir.SIGNING_KEY, LocalIssuer::newKeyJson);
        try {
            return new LocalIssuer(RSAKey.parse(json), clock);
        } catch (ParseException e) {
            throw new IllegalStateException("The signing key " + dir.root().resolve(DataDir.SIGNING_KEY)
                    + " is not an RSA JWK (" + e.getMessage() + "); delete it to create a new one.", e);
        }
    }

    private static String newKeyJson() {
        try {
            return new RSAKeyGenerator(2048)
                    .keyID("local-" + UUID.randomUUID().toString().substring(0, 8))
                    .keyUse(KeyUse.SIGNATURE)
                    .algorithm(JWSAlgorithm.RS256)
                    .generate()
                    .toJSONString();
        } catch (JOSEException e) {
            throw new IllegalStateException("Cannot generate an RSA key: " + e.getMessage(), e);
        }
    }

    /** The public keys, as served at {@code /.well-known/jwks.json}. */
    public JWKSet publicKeys() {
        return new JWKSet(key.toPublicJWK());
    }

    public String keyId() {
        return key.getKeyID();
    }

    /** A token granting {@code role} on {@code projectId} to {@code subject}, valid for {@link #DEFAULT_LIFETIME}. */
    public String mint(String subject, String projectId, Role role) {
        return mint(subject, Map.of(projectId, role), DEFAULT_LIFETIME);
    }

    public String mint(String subject, Map<String, Role> grants, Duration lifetime) {
        Instant now = clock.instant();
        return sign(claims(subject, grants, now, now.plus(lifetime)).build());
    }

    /** The standard claims, for callers (tests) that want to change some before signing. */
    public static JWTClaimsSet.Builder claims(String subject, Map<String, Role> grants, Instant issued, Instant expires) {
        return new JWTClaimsSet.Builder()
                .issuer(ISSUER)
                .audience(AUDIENCE)
                .subject(subject)
                .issueTime(Date.from(issued))
                .notBeforeTime(Date.from(issued))
                .expirationTime(Date.from(expires))
                .jwtID(UUID.randomUUID().toString())
                .claim(RoleClaim.NAME, RoleClaim.format(grants));
    }

    /** Signs any claims with this issuer's key (RS256, with its {@code kid}). */
    public String sign(JWTClaimsSet claims) {
        try {
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID())
                    .type(JOSEObjectType.JWT).build(), claims);
            jwt.sign(new RSASSASigner(key));
            return jwt.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException("Cannot sign a token: " + e.getMessage(), e);
        }
    }
}
