// The checkout's one script (issue 40 §6, decision 094), served as /shop-assets/cart-reminder.js
// (the storefront's policy allows 'self', no inline code). Without JavaScript the e-mail and the
// consent reach the server with the checkout's own post; with it, also as soon as the e-mail field
// (or the box) changes, so a shopper who leaves before posting is still reminded. It posts only
// with the box ticked, or to take a consent it sent back; an address corrected after it was sent
// is named as `previous`, so the mistyped one gets nothing. The server checks everything again.
// Under 1 kB: far inside the storefront's JavaScript budget (decision 047).
export const CART_REMINDER_SCRIPT = `(()=>{const f=document.querySelector('form[data-cart-reminder]');if(!f)return;const e=f.elements.namedItem('email'),c=f.elements.namedItem('cartReminder');if(!e||!c)return;let sent='',to='';const post=()=>{const v=e.value.trim();if(!/^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/.test(v))return;const key=v+' '+c.checked;if(key===sent||(!c.checked&&sent===''))return;const before=[sent,to],previous=to&&to!==v?to:'';[sent,to]=c.checked?[key,v]:['',''];fetch(f.dataset.cartReminder,{method:'POST',credentials:'same-origin',keepalive:true,headers:{'content-type':'application/x-www-form-urlencoded'},body:new URLSearchParams({email:v,consent:c.checked?'yes':'',previous})}).catch(()=>{[sent,to]=before})};e.addEventListener('change',post);c.addEventListener('change',post)})();`;
