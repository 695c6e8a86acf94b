package org.nightbench.protocol;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A setting a step cannot run without, mostly what the run supplies (paths, the seed of task
 * generation). A record may be built without it, as a profile section is, to be completed by the
 * run; a spec file must hold it ({@link StepSpec#checkRequired()}).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Required {}
