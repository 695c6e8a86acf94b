/** Web plumbing shared by every feature: the OpenAPI description and how errors are answered. */
package org.nightbench.web;
