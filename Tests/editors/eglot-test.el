;;; eglot-test.el --- Emacs in batch with eglot and examples/lsp/fonsters-eglot.el  -*- lexical-binding: t; -*-
;; Opens a .fonsters file (DOC) and gets, from the real fonsters-rpc (FONSTERS_BIN), the look-alike
;; diagnostic through flymake, a hover (plain text with the creature in block characters, no
;; escapes), a code action (applied, after which the warning goes), "Fix all look-alikes", and a
;; multi-word seed completed through completion-at-point.
;; Prints "N passed, N failed"; exits 1 on a failure.
;;   emacs --batch -q -l examples/lsp/fonsters-eglot.el -l Tests/editors/eglot-test.el

(require 'cl-lib)
(defvar eglot-test-passed 0)
(defvar eglot-test-failed 0)
(defun eglot-test-check (ok what)
  (if ok (cl-incf eglot-test-passed) (cl-incf eglot-test-failed))
  (princ (format "%s - %s\n" (if ok "ok" "FAIL") what)))
(defun eglot-test-wait (predicate)
  "Waits up to 30 s for PREDICATE, reading the server's output meanwhile."
  (let ((deadline (+ (float-time) 30)) (value nil))
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.02))
    value))

(setq fonsters-rpc-command (list (getenv "FONSTERS_BIN") "--stdio" "--memory" "--no-starter"))
(setq eglot-sync-connect 30)
(condition-case err
    (let ((a (getenv "TWIN_A")) (b (getenv "TWIN_B")))
      (find-file (getenv "DOC"))
      (eglot-test-check (eq major-mode 'fonsters-mode) "the .fonsters file is in fonsters-mode")
      ;; `eglot-ensure' connects after the command that opened the file, as the command loop
      ;; runs `post-command-hook'; batch Emacs has no command loop, so run it here.
      (run-hooks 'post-command-hook)
      (eglot-test-wait (lambda () (eglot-current-server)))
      (eglot-test-check (eglot-current-server) "eglot connected to fonsters-rpc")
      (flymake-mode 1)
      (cl-flet ((same-on (line)
                  (cl-find-if (lambda (d)
                                (and (string-match-p "Looks exactly like" (flymake-diagnostic-text d))
                                     (= line (line-number-at-pos (flymake-diagnostic-beg d)))))
                              (flymake-diagnostics))))
        (eglot-test-wait (lambda () (same-on 3)))
        (let ((warning (same-on 3)))
          (eglot-test-check (and warning (eq (flymake-diagnostic-type warning) 'eglot-warning)
                                 (string-match-p (regexp-quote (format "Looks exactly like line 2, “%s”, in fonsters-v1." a))
                                                 (flymake-diagnostic-text warning)))
                            "the look-alike warning names line 2"))
        (goto-char (point-min))
        (forward-line 2)
        (let* ((server (eglot-current-server))
               (hover (jsonrpc-request server :textDocument/hover (eglot--TextDocumentPositionParams)))
               (contents (plist-get hover :contents))
               (value (plist-get contents :value)))
          ;; eglot 1.9 reads Markdown only with markdown-mode installed; else it asks for plain
          ;; text, and the server answers so (the seed, its kind and its alt text).
          (eglot-test-check (and value
                                 (if (equal (plist-get contents :kind) "markdown")
                                     (and (string-match-p (regexp-quote "](data:image/png;base64,") value)
                                          (string-match-p (regexp-quote (format "**%s**" b)) value))
                                   (and (string-prefix-p (format "“%s”" b) value)
                                        (string-match-p "A pixel-art" value)
                                        (not (string-match-p "\\\\" value))
                                        (string-match-p "[▀▄█]" value)
                                        (not (string-match-p "base64" value)))))
                            (format "the hover shows the creature (%s)" (plist-get contents :kind)))
          (let* ((actions (jsonrpc-request server :textDocument/codeAction
                                           (list :textDocument (eglot--TextDocumentIdentifier)
                                                 :range (list :start (eglot--pos-to-lsp-position) :end (eglot--pos-to-lsp-position))
                                                 :context (list :diagnostics []))))
                 (fix (cl-find-if (lambda (action) (string-prefix-p "Use a distinct variant" (plist-get action :title)))
                                  (append actions nil))))
            (eglot-test-check fix "a code action offers a distinct variant")
            (eglot--apply-workspace-edit (plist-get fix :edit))
            (let ((line (buffer-substring-no-properties (line-beginning-position) (line-end-position))))
              (eglot-test-check (not (string= line b)) (format "the fix rewrites the line (now %s)" line)))
            ;; eglot sends the change from an idle timer, which batch Emacs never runs.
            (eglot--signal-textDocument/didChange)
            (eglot-test-check (eglot-test-wait (lambda () (and (not (same-on 2)) (not (same-on 3)))))
                              "the warning goes after the fix"))
          ;; Two more lines drawing line 2's picture: "Fix all look-alikes" rewrites both in one edit.
          (goto-char (point-max))
          (insert (format "%s\n%s\n" a a))
          (eglot--signal-textDocument/didChange)
          (eglot-test-check (eglot-test-wait (lambda () (and (same-on 4) (same-on 5)))) "the two new lines are look-alikes")
          (goto-char (point-min))
          (forward-line 3)
          (let* ((actions (jsonrpc-request server :textDocument/codeAction
                                           (list :textDocument (eglot--TextDocumentIdentifier)
                                                 :range (list :start (eglot--pos-to-lsp-position) :end (eglot--pos-to-lsp-position))
                                                 :context (list :diagnostics [] :only ["source.fixAll"]))))
                 (fix-all (cl-find-if (lambda (action) (equal (plist-get action :kind) "source.fixAll.fonsters"))
                                      (append actions nil))))
            (eglot-test-check fix-all "fix all is offered")
            (eglot--apply-workspace-edit (plist-get fix-all :edit))
            (eglot--signal-textDocument/didChange)
            (eglot-test-check (eglot-test-wait (lambda () (not (cl-some #'same-on '(2 3 4 5)))))
                              "fix all leaves no look-alike"))
          ;; A multi-word seed at the end of a line: completion-at-point's candidates, and the
          ;; first one taken as a completion UI takes it (its text, then eglot's exit function).
          (goto-char (point-max))
          (insert "hello world")
          (eglot--signal-textDocument/didChange)
          (let* ((capf (eglot-completion-at-point))
                 (start (nth 0 capf)) (end (nth 1 capf)) (table (nth 2 capf)) (props (nthcdr 3 capf))
                 (candidates (all-completions (buffer-substring-no-properties start (point)) table)))
            (eglot-test-check (and candidates (cl-every (lambda (c) (and (string-prefix-p "hello world" c) (not (string= c "hello world")))) candidates))
                              (format "completion-at-point offers %d variants of \"hello world\"" (length candidates)))
            (let ((choice (car candidates)))
              (delete-region start end)
              (insert choice)
              (funcall (plist-get props :exit-function) choice 'finished)
              (let ((line (buffer-substring-no-properties (line-beginning-position) (line-end-position))))
                (eglot-test-check (and (string-prefix-p "hello world" line) (not (string= line "hello world")))
                                  (format "the chosen variant is the whole line (%s)" line))))))))
  (error (eglot-test-check nil (format "no error: %S" err))))
(princ (format "%d passed, %d failed\n" eglot-test-passed eglot-test-failed))
(kill-emacs (if (= eglot-test-failed 0) 0 1))
