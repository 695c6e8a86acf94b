/**
 * Web plumbing shared by every feature: the OpenAPI description, how errors are answered, request
 * checks (body size, control characters, parameters), CSV, sparklines and value formatting. Every
 * feature may use it; it uses no other package of the backend.
 */
package org.nightbench.web;
