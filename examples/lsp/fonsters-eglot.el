;;; fonsters-eglot.el --- fonsters-rpc as the language server of .fonsters files, with eglot  -*- lexical-binding: t; -*-

;; Emacs 28 or newer with eglot (built in from Emacs 29; Debian: elpa-eglot). Load it from
;; your init file, e.g. (load "/path/to/fonsters-eglot.el"). Set `fonsters-rpc-command' to
;; change the command, e.g. '("fonsters-rpc" "--store" "/path/lib.sqlite").
;; Then: look-alike warnings through flymake, the creature in eldoc, fixes with
;; M-x eglot-code-actions, distinct variants with completion-at-point.

(require 'eglot)

(defvar fonsters-rpc-command '("fonsters-rpc" "--stdio")
  "The command that starts fonsters-rpc on stdio.")

(define-derived-mode fonsters-mode prog-mode "Fonsters"
  "A file of seeds, one a line; `#' starts a comment."
  (setq-local comment-start "# ")
  (setq-local comment-start-skip "#+\\s-*"))

(add-to-list 'auto-mode-alist '("\\.fonsters\\'" . fonsters-mode))
(add-to-list 'eglot-server-programs `(fonsters-mode . ,(lambda (&rest _) fonsters-rpc-command)))
(add-hook 'fonsters-mode-hook #'eglot-ensure)

(provide 'fonsters-eglot)
;;; fonsters-eglot.el ends here
