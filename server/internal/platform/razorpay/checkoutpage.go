package razorpay

// pageView is what the stand-in's pages show; Kind picks the checkout form
// or a one-sentence message.
type pageView struct {
	Kind     string // "checkout" or "message"
	Nonce    string // CSP nonce of the inline stylesheet
	Title    string
	Merchant string
	Amount   string // formatted, e.g. "₹3,599.00"
	OrderID  string
	Receipt  string
	Action   string // the form's POST path
	Return   string // the same-site path to come back to
	CSRF     string
	Message  string
	Back     string // a same-site path to link back to, if any
}

// checkoutPage is self-contained: no script, no external asset, one inline
// stylesheet allowed by the response's CSP nonce. It is written for a 360 px
// phone first, with tap targets of at least 48 px.
const checkoutPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>{{.Title}} · {{.Merchant}}</title>
<style nonce="{{.Nonce}}">
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;min-height:100vh;background:#f7f2ea;color:#2b1a20;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Arial,sans-serif}
.banner{background:#c9a227;color:#3b0d1c;text-align:center;font-weight:700;font-size:15px;padding:10px 16px;border-bottom:3px solid #a8861a}
.wrap{max-width:440px;margin:0 auto;padding:20px 14px 32px}
.card{background:#fff;border-radius:14px;box-shadow:0 2px 12px rgba(70,20,35,.14);overflow:hidden}
.head{background:#7b1e3a;color:#fff;padding:16px}
.head p{margin:0}
.eyebrow{font-size:12px;letter-spacing:.08em;text-transform:uppercase;color:#f1dfa0}
.merchant{font-size:20px;font-weight:700;line-height:1.3}
.body{padding:18px 16px 20px}
.label{font-size:13px;color:#6d5a61;margin:0}
.amount{font-size:34px;font-weight:800;color:#7b1e3a;margin:0 0 14px;line-height:1.2;font-variant-numeric:tabular-nums}
dl{margin:0 0 20px;padding-bottom:16px;border-bottom:1px solid #eee4da;display:grid;grid-template-columns:auto 1fr;gap:4px 12px;font-size:14px}
dt{color:#6d5a61}
dd{margin:0;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;word-break:break-all}
form{margin:0}
.btn{display:block;width:100%;min-height:52px;margin:12px 0 0;padding:12px;border:2px solid #7b1e3a;border-radius:10px;background:#fff;color:#7b1e3a;font:inherit;font-weight:600;line-height:1.3;text-align:center;cursor:pointer}
.btn:focus-visible{outline:3px solid #c9a227;outline-offset:2px}
.btn.pay{background:#7b1e3a;color:#fff;font-size:17px}
.btn.pay:hover{background:#651830}
.btn.close,.btn.fail,.btn.cancel{font-size:15px}
.btn.close:hover{background:#fbf3f5}
.btn.fail{border-color:#b3261e;color:#b3261e}
.btn.fail:hover{background:#fdf1f0}
.btn.cancel{border-color:#d9cfc5;color:#4f3f45;font-weight:500}
.btn.cancel:hover{background:#f7f2ea}
.msg{font-size:18px;margin:0 0 6px}
.back{display:block;min-height:48px;margin-top:16px;padding:12px 16px;border-radius:10px;background:#7b1e3a;color:#fff;text-align:center;font-weight:600;text-decoration:none}
.note{font-size:13px;color:#6d5a61;text-align:center;margin:18px 8px 0}
</style>
</head>
<body>
<div class="banner" role="note">Test payment — no money moves</div>
<main class="wrap">
<div class="card">
<div class="head"><p class="eyebrow">Paying</p><p class="merchant">{{.Merchant}}</p></div>
<div class="body">
{{- if eq .Kind "checkout"}}
<p class="label">Amount</p>
<p class="amount">{{.Amount}}</p>
<dl><dt>Order</dt><dd>{{.OrderID}}</dd>{{if .Receipt}}<dt>Receipt</dt><dd>{{.Receipt}}</dd>{{end}}</dl>
<form method="post" action="{{.Action}}">
<input type="hidden" name="csrf" value="{{.CSRF}}">
<input type="hidden" name="return" value="{{.Return}}">
<button class="btn pay" type="submit" name="choice" value="success">Pay {{.Amount}} (success)</button>
<button class="btn close" type="submit" name="choice" value="close">Pay, then close this window (only the webhook arrives)</button>
<button class="btn fail" type="submit" name="choice" value="fail">Fail the payment (card declined)</button>
<button class="btn cancel" type="submit" name="choice" value="cancel">Cancel</button>
</form>
{{- else}}
<h1 class="msg">{{.Title}}</h1>
<p>{{.Message}}</p>
{{- if .Back}}
<a class="back" href="{{.Back}}">Back to {{.Merchant}}</a>
{{- end}}
{{- end}}
</div>
</div>
<p class="note">This page is the development stand-in for Razorpay Checkout. In production the member pays on Razorpay's own checkout.</p>
</main>
</body>
</html>
`
