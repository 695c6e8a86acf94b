/**
 * Who may change what: signed-in users with a role (viewer, editor, admin), the rules that let
 * anyone read and only editors write, CSRF protection for the pages' forms and scripts, and the
 * first admin.
 */
package org.nightbench.users;
